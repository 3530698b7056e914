import DeckService
import PostgresNIO

/// A database failure as the service's error: `unavailable` (HTTP 503) when the database
/// cannot be reached, an internal failure (HTTP 500) when it refuses a query.
enum PostgresFailure {
    /// SQLSTATE classes and codes that mean the database is not there to answer: connection
    /// exceptions (08), insufficient resources (53), operator intervention (57: shutdown,
    /// cannot connect now) and system errors (58).
    private static let unreachableStates: [String] = ["08", "53", "57", "58"]

    /// The error that made a transaction fail: postgres-nio wraps it, with the file and line of
    /// the transaction, in `PostgresTransactionError`.
    static func cause(of error: any Error) -> any Error {
        guard let error = error as? PostgresTransactionError else { return error }
        return error.closureError ?? error.beginError ?? error.commitError ?? error
    }

    static func make(_ error: any Error) -> ServiceError {
        switch cause(of: error) {
        case let error as PSQLError where error.code == .server:
            let state = error.serverInfo?[.sqlState] ?? "?"
            let message = error.serverInfo?[.message] ?? "no message"
            if unreachableStates.contains(where: state.hasPrefix) {
                return ServiceError(.unavailable, .store, "is unreachable: \(message) (SQLSTATE \(state))")
            }
            return ServiceError(.internalFailure, .store, "refused a query: \(message) (SQLSTATE \(state))")
        case let error as PSQLError:
            let reason = error.underlying.map { "\($0)" } ?? "\(error.code)"
            return ServiceError(.unavailable, .store, "is unreachable: \(reason)")
        case let error as PostgresDecodingError:
            return ServiceError(.internalFailure, .store, "has a record it cannot read: \(error.code) in column \(error.columnName)")
        case let error as PostgresRecordStore.LeaseTimeout:
            return ServiceError(.unavailable, .store, "is unreachable: \(error)")
        case is CancellationError:
            return ServiceError(.unavailable, .store, "is unreachable: the request was cancelled")
        default:
            // Among them the pool's own errors (no connection could be opened), whose type
            // postgres-nio does not make public.
            return ServiceError(.unavailable, .store, "is unreachable: \(error)")
        }
    }
}
