import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sets one header on every request: a seat's token, or a stream's `Last-Event-ID`.
struct HeaderMiddleware: ClientMiddleware {
    let field: HTTPField.Name
    let value: String

    /// A seat's token as `Authorization: Bearer`.
    static func bearer(_ token: String) -> HeaderMiddleware {
        HeaderMiddleware(field: .authorization, value: "Bearer \(token)")
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[field] = value
        return try await next(request, body, baseURL)
    }
}
