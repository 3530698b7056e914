import NIOCore
import PostgresNIO

// postgres-nio (1.33) never answers a statement whose write reaches the channel after the
// connection's handlers were removed. A fix upstream (vapor/postgres-nio#487) was reverted
// (vapor/postgres-nio#501), so every statement of this store runs under `untilClosed`, which
// answers `ConnectionLost` once the connection has closed (watched by `ClosingConnections`).
// The test: "a statement sent after the server closed the connection is answered
// ConnectionLost, not left waiting for ever" (PostgresConnectionLossTests).
extension PostgresRecordStore {
    /// The answer of `statements` on `connection`, or ``ConnectionLost`` once the connection
    /// has closed and no answer came within a second after.
    ///
    /// postgres-nio (1.33) never answers a statement whose write reaches the channel after its
    /// handlers were removed: between a check of `isClosed` and the write, the server's `FATAL`
    /// and its close can come (a database shutting down), and the statement would wait forever.
    /// The close always completes `closeFuture`, so watching it answers every statement. The
    /// second's grace lets an answer that came just before the close (a `COMMIT`'s) win over the
    /// close. A statement lost that way leaves its task waiting for good, once per lost
    /// connection.
    @discardableResult
    package static func untilClosed<T: Sendable>(
        _ connection: PostgresConnection, _ statements: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let answer = connection.eventLoop.makePromise(of: T.self)
        let watch = ClosingConnections.shared.watch(connection) {
            connection.eventLoop.scheduleTask(in: .seconds(1)) { answer.fail(ConnectionLost()) }
        }
        defer { ClosingConnections.shared.forget(watch) }
        answer.completeWithTask(statements)
        return try await answer.futureResult.get()
    }

    /// The connection closed before a statement's answer came: a transaction not yet committed
    /// is rolled back by the server; whether a `COMMIT` (or the write procedure) sent just before
    /// took effect is not known, as with any answer lost.
    package struct ConnectionLost: Error, CustomStringConvertible {
        package var description: String { "the database connection closed before the statement's answer came" }
    }
}
