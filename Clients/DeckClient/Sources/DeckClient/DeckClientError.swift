import DeckClientAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A request the server refused, or an answer the client could not read.
public struct DeckClientError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status, such as 400, 404 or 409; 0 when no answer came or it could not be read.
    public let status: Int
    /// The server's own message, which names what was wrong (`count -1 is not allowed: …`).
    public let message: String
    /// On a 409 from a table action: the table as it is now, to act on again.
    public let table: Tabletop?
    /// `Retry-After`, in seconds, on a 429 or a 503.
    public let retryAfter: Int?

    /// Makes an error; the client makes these from the server's answers.
    public init(status: Int, message: String, table: Tabletop? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.table = table
        self.retryAfter = retryAfter
    }

    /// The status and the server's message, as `400: count -1 is not allowed: …`.
    public var description: String { status == 0 ? message : "\(status): \(message)" }
}

/// Turns every answer that is not a success into a ``DeckClientError`` carrying the server's
/// message, before the generated client sees it.
struct RefusalMiddleware: ClientMiddleware {
    /// The most of a refusal's body that is read: a 409 carries the table.
    static let maximumBodyBytes = 4 * 1024 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.kind != .successful else { return (response, responseBody) }
        let bytes: Data
        if let responseBody {
            bytes = (try? await Data(collecting: responseBody, upTo: Self.maximumBodyBytes)) ?? Data()
        } else {
            bytes = Data()
        }
        throw Self.error(status: response.status.code, body: bytes,
                         retryAfter: response.headerFields[.retryAfter].flatMap { Int($0) })
    }

    static func error(status: Int, body: Data, retryAfter: Int?) -> DeckClientError {
        struct Refusal: Decodable {
            var error: String?
            var table: Tabletop?
        }
        let refusal = try? JSONDecoder().decode(Refusal.self, from: body)
        let message = refusal?.error
            ?? String(decoding: body.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return DeckClientError(status: status, message: message.isEmpty ? "the server answered \(status)" : message,
                               table: refusal?.table, retryAfter: retryAfter)
    }
}

/// Runs a call of the generated client and throws what went wrong as a ``DeckClientError``: the
/// server's refusal as the middleware read it, or the reason no answer came.
func refusals<T>(_ call: () async throws -> T) async throws -> T {
    do {
        return try await call()
    } catch let error as ClientError {
        if let refusal = error.underlyingError as? DeckClientError { throw refusal }
        if error.underlyingError is CancellationError { throw CancellationError() }
        throw DeckClientError(status: 0, message: "\(error.causeDescription): \(error.underlyingError)")
    }
}
