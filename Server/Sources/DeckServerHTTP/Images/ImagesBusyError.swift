import Hummingbird

/// Every image renderer is busy and the renders waiting for one fill the queue: 503 with
/// `Retry-After`, so that a flood of uncached images cannot queue work without bound.
struct ImagesBusyError: HTTPResponseError, Sendable {
    /// Renders under way or waiting.
    var waiting: Int

    var status: HTTPResponse.Status { .serviceUnavailable }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try ErrorJSON(
            "the server is rendering \(waiting) other card images: try again in a second (images already rendered are served at once)",
            status: status
        ).response(from: request, context: context)
        response.headers[.retryAfter] = "1"
        return response
    }
}
