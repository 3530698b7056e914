import Hummingbird

/// A client that created more decks or games than its limit allows: 429, with `Retry-After`
/// saying in how many seconds it may create the next.
struct RateLimitedError: HTTPResponseError, Sendable {
    var perMinute: Int
    var retryAfter: Duration

    var status: HTTPResponse.Status { .tooManyRequests }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let seconds = max(1, Int(retryAfter.components.seconds) + (retryAfter.components.attoseconds > 0 ? 1 : 0))
        var response = try ErrorJSON(
            "too many decks and games made from this address: the limit is \(perMinute) a minute; try again in \(seconds) s",
            status: status
        ).response(from: request, context: context)
        response.headers[.retryAfter] = String(seconds)
        return response
    }
}
