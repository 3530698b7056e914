import DeckStorePostgres
import DeckTestSupport
import Logging
import PostgresNIO
import Testing

/// A connection the database closes while a statement is on its way: the statement must be
/// answered, whatever postgres-nio does with it.
@Suite("PostgreSQL connections lost under a statement")
struct PostgresConnectionLossTests {
    static let logger = {
        var logger = Logger(label: "connection-loss")
        logger.logLevel = .critical
        return logger
    }()

    @Test("a statement sent after the server closed the connection is answered ConnectionLost, not left waiting for ever")
    func statementAfterClose() async throws {
        let cluster = try await PostgresCluster.shared
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: cluster.port, username: "postgres", password: nil, database: "postgres", tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Self.logger)
        var pid: Int32 = 0
        for try await value in try await connection.query("SELECT pg_backend_pid()", logger: Self.logger).decode(Int32.self) { pid = value }
        // The server ends the session, as at a fast shutdown (57P01), and the channel closes.
        _ = try await cluster.withConnection(to: "postgres") { other in
            try await other.query("SELECT pg_terminate_backend(\(pid))", logger: Self.logger)
        }
        try await connection.closeFuture.get()
        // The channel's handlers are gone: postgres-nio drops this statement's write and never
        // completes it; racing the close answers it at once.
        await #expect(throws: PostgresRecordStore.ConnectionLost.self) {
            try await PostgresRecordStore.untilClosed(connection) {
                try await connection.query("SELECT 1", logger: Self.logger)
            }
        }
    }
}
