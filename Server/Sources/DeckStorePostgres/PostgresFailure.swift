import DeckService
import PostgresNIO
import _ConnectionPoolModule

/// A database failure as the service's error: `unavailable` (HTTP 503) when the database
/// cannot be reached, an internal failure (HTTP 500) when it refuses a query.
enum PostgresFailure {
    /// SQLSTATE classes and codes that mean the database is not there to answer: connection
    /// exceptions (08), insufficient resources (53), operator intervention (57: shutdown,
    /// cannot connect now) and system errors (58).
    private static let unreachableStates: [String] = ["08", "53", "57", "58"]

    static func callAsFunction(_ error: any Error) -> ServiceError { make(error) }

    static func make(_ error: any Error) -> ServiceError {
        switch error {
        case let error as PSQLError where error.code == .server:
            let state = error.serverInfo?[.sqlState] ?? "?"
            let message = error.serverInfo?[.message] ?? "no message"
            if unreachableStates.contains(where: state.hasPrefix) {
                return ServiceError(.unavailable, "the database is unreachable: \(message) (SQLSTATE \(state))")
            }
            return ServiceError(.internalFailure, "the database refused a query: \(message) (SQLSTATE \(state))")
        case let error as PSQLError:
            let reason = error.underlying.map { "\($0)" } ?? "\(error.code)"
            return ServiceError(.unavailable, "the database is unreachable: \(reason)")
        case let error as PostgresDecodingError:
            return ServiceError(.internalFailure, "a stored record could not be read: \(error.code) in column \(error.columnName)")
        case is ConnectionPoolError:
            return ServiceError(.unavailable, "the database is unreachable: no connection could be opened (retrying)")
        case let error as PostgresRecordStore.LeaseTimeout:
            return ServiceError(.unavailable, "the database is unreachable: \(error)")
        case is CancellationError:
            return ServiceError(.unavailable, "the database is unreachable: the request was cancelled")
        default:
            return ServiceError(.unavailable, "the database is unreachable: \(error)")
        }
    }
}
