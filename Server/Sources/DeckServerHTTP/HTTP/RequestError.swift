import DeckService
import Hummingbird

/// A request the HTTP layer refuses before the service sees it: a parameter that is not of
/// its form, a body that is too large or of an unread type, parameters that exclude each other.
struct RequestError: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    /// What was wrong, with the value and what is allowed.
    let message: String
    /// Whether the connection cannot be read further, so the answer closes it.
    let closesConnection: Bool
    /// For a server busy for the moment: in how many seconds to try again (`Retry-After`).
    let retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, closesConnection: Bool = false, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.closesConnection = closesConnection
        self.retryAfter = retryAfter
    }

    /// A 400 answer.
    init(_ message: String) {
        self.init(.badRequest, message)
    }

    /// `name 'value' problem: allowed`.
    /// `quoting` shows even an all-digit value quoted, for a parameter that is text.
    static func parameter(
        _ name: String, value: String? = nil, _ problem: String, allowed: String? = nil, quoting: Bool = false
    ) -> RequestError {
        RequestError(ServiceError.worded(name, value: value, problem, allowed: allowed, quoting: quoting))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try ErrorJSON(message, status: status).response(from: request, context: context)
        if closesConnection { response.headers[.connection] = "close" }
        if status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
