/// Why the service refused a request. A refused request changes nothing.
///
/// The ``message`` names the bad value and says what is allowed; the ``kind`` tells the HTTP
/// layer which status to answer with.
public struct ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: Sendable, Hashable {
        /// The request has a bad value (HTTP 400).
        case badRequest
        /// The deck, game or pile does not exist (HTTP 404).
        case notFound
        /// The request is valid but the resource's state forbids it (HTTP 409).
        case conflict
        /// The request is larger than the server accepts (HTTP 413).
        case tooLarge
        /// The storage cannot be reached (HTTP 503).
        case unavailable
        /// The stored state could not be read: a fault of the server, not of the request (HTTP 500).
        case internalFailure
    }

    /// The class of failure.
    public let kind: Kind
    /// A message a user can act on.
    public let message: String

    /// Creates an error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A 400 error with `message`.
    public static func badRequest(_ message: String) -> ServiceError { ServiceError(.badRequest, message) }

    public var description: String { message }
}
