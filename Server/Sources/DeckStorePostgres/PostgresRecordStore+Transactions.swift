import Logging
import PostgresNIO

/// Transactions on a leased connection that never wait on a closed one, and run again after a
/// deadlock or a serialisation failure.
extension PostgresRecordStore {
    /// Runs `body` in one transaction on `connection`: `COMMIT` when it returns, `ROLLBACK` when
    /// it throws. Unlike postgres-nio's `withTransaction`, it sends nothing on a connection that
    /// has closed (the database stopped, the network failed), where a statement would wait for
    /// an answer forever, and throws ``ConnectionLost`` instead.
    ///
    /// A transaction the database chose as a deadlock's victim (SQLSTATE 40P01) or could not
    /// serialise (40001) is rolled back and run again, up to three times in all: groups lock their
    /// rows in the order of their ids, but the idle-record job's `DELETE` locks rows in the order
    /// it finds them. Running `body` again is safe: it computes the new states from the rows it
    /// reads, and nothing of the rolled-back attempt remains.
    static func retryingTransaction<T: Sendable>(
        on connection: PostgresConnection, logger: Logger, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await transaction(on: connection, logger: logger, body)
            } catch let error as PSQLError where attempt < 3 && mayRetry(error) {
                attempt += 1
            }
        }
    }

    /// Whether `error` is a deadlock or a serialisation failure, after which the transaction may
    /// simply run again.
    static func mayRetry(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    static func transaction<T: Sendable>(
        on connection: PostgresConnection, logger: Logger, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try ensureOpen(connection)
        try await untilClosed(connection) { try await connection.query("BEGIN", logger: logger) }
        let value: T
        do {
            value = try await untilClosed(connection) { try await body(connection) }
        } catch {
            if !connection.isClosed, !endedConnection(error) {
                do {
                    try await untilClosed(connection) { try await connection.query("ROLLBACK", logger: logger) }
                } catch {
                    // Possibly still inside the transaction: no later statement may run in it.
                    try? await connection.close()
                }
            } else {
                // The server ended the session, and the transaction with it: nothing to roll back.
                try? await connection.close()
            }
            throw error
        }
        try ensureOpen(connection)
        try await untilClosed(connection) { try await connection.query("COMMIT", logger: logger) }
        return value
    }

    /// Whether `error` says that the server ended the session (a `FATAL` such as 57P01 at a
    /// shutdown, a connection exception) or that the connection closed: the server rolled the
    /// transaction back, and nothing more may be sent.
    static func endedConnection(_ error: any Error) -> Bool {
        if error is ConnectionLost { return true }
        guard let error = error as? PSQLError else { return false }
        if error.code == .serverClosedConnection || error.code == .clientClosedConnection { return true }
        guard error.code == .server else { return false }
        if let severity = error.serverInfo?[.severity], severity == "FATAL" || severity == "PANIC" { return true }
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("57") || state.hasPrefix("08")
    }

    /// Throws ``ConnectionLost`` when `connection` has closed.
    static func ensureOpen(_ connection: PostgresConnection) throws {
        if connection.isClosed { throw ConnectionLost() }
    }
}
