import Hummingbird

/// A client past one of its per-address budgets (``ClientBudget``): 429, with `Retry-After`
/// saying in how many seconds it may go on.
struct RateLimitedError: HTTPResponseError, Sendable {
    /// What the client used too much of, and the limit, as the message says them.
    var problem: String
    var retryAfter: Duration

    /// Decks and games made past `perMinute`.
    static func creations(perMinute: Int, retryAfter: Duration) -> RateLimitedError {
        RateLimitedError(problem: "too many decks and games made from this address: the limit is \(perMinute) a minute", retryAfter: retryAfter)
    }

    /// Background image bytes stored past `perDay`.
    static func uploads(perDay: Int, retryAfter: Duration) -> RateLimitedError {
        RateLimitedError(
            problem: "too many background image bytes stored from this address: the limit is \(perDay / 1024 / 1024) MiB a day", retryAfter: retryAfter)
    }

    var status: HTTPResponse.Status { .tooManyRequests }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let seconds = max(1, Int(retryAfter.components.seconds) + (retryAfter.components.attoseconds > 0 ? 1 : 0))
        var response = try ErrorJSON(
            "\(problem); try again in \(seconds) s",
            status: status
        ).response(from: request, context: context)
        response.headers[.retryAfter] = String(seconds)
        return response
    }
}
