import DeckService
import Hummingbird

extension ServiceError {
    /// The HTTP status that answers this error.
    var status: HTTPResponse.Status {
        switch kind {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .unavailable: .serviceUnavailable
        case .internalFailure: .internalServerError
        }
    }
}
