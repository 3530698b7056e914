import DeckStorePostgres
import DeckTestSupport
import Foundation
import PostgresNIO

/// Another program on a store's database, as the group-commit tests need one: its clients and
/// connections, row locks it holds until the test releases them, and the lock waits it sees.
extension PostgresGroupCommitTests {
    /// How many lock requests of connections to `connection`'s database wait now. Other tests'
    /// databases on the shared cluster have lock waits of their own, which `pg_locks` alone
    /// would count too; the snapshot of backends is cleared first, as a transaction keeps it.
    static func waitingLocks(inDatabaseOf connection: PostgresConnection) async throws -> Int {
        try await connection.query("SELECT pg_stat_clear_snapshot()", logger: logger)
        var count = 0
        for try await value in try await connection.query(
            """
            SELECT count(*) FROM pg_locks JOIN pg_stat_activity USING (pid)
            WHERE NOT pg_locks.granted AND pg_stat_activity.datname = current_database()
            """, logger: logger).decode(Int.self) {
            count = value
        }
        return count
    }

    /// A row of `records` locked by a transaction of another client until ``release()``.
    final class RowLock: Sendable {
        private let client: PostgresClient
        private let run: Task<Void, Never>
        private let holding: Task<Void, any Error>
        private let open: AsyncStream<Void>.Continuation

        private init(client: PostgresClient, run: Task<Void, Never>, holding: Task<Void, any Error>, open: AsyncStream<Void>.Continuation) {
            self.client = client
            self.run = run
            self.holding = holding
            self.open = open
        }

        /// Locks the row of record `id` in the database of `store`.
        static func take(_ id: String, in store: PostgresRecordStore, cluster: PostgresCluster) async throws -> RowLock {
            let (client, run) = PostgresGroupCommitTests.otherClient(of: store, in: cluster, connections: 2)
            let (released, open) = AsyncStream<Void>.makeStream()
            let (locked, lockTaken) = AsyncStream<Void>.makeStream()
            let holding = Task {
                // Finished however the lock ends, so that `take` never waits for a lock that
                // failed; its error comes from `holding`.
                defer { lockTaken.finish() }
                try await client.withConnection { connection in
                    try await connection.query("BEGIN", logger: PostgresGroupCommitTests.logger)
                    try await connection.query("SELECT 1 FROM records WHERE id = \(id) FOR UPDATE", logger: PostgresGroupCommitTests.logger)
                    lockTaken.yield()
                    for await _ in released { break }
                    try await connection.query("COMMIT", logger: PostgresGroupCommitTests.logger)
                }
            }
            var taken = false
            for await _ in locked {
                taken = true
                break
            }
            guard taken else {
                try await holding.value
                throw PostgresGroupCommitTests.LockNotTaken()
            }
            return RowLock(client: client, run: run, holding: holding, open: open)
        }

        /// How many lock requests of connections to the store's database wait now.
        func waitingLocks() async throws -> Int {
            try await client.withConnection { try await PostgresGroupCommitTests.waitingLocks(inDatabaseOf: $0) }
        }

        /// Ends the transaction that holds the lock.
        func release() async throws {
            open.yield()
            try await holding.value
        }

        deinit {
            open.finish()
            run.cancel()
        }
    }

    /// A client of another program on the database of `store` with at most `connections`
    /// connections, and the task running it.
    static func otherClient(
        of store: PostgresRecordStore, in cluster: PostgresCluster, connections: Int = 1
    ) -> (client: PostgresClient, run: Task<Void, Never>) {
        var configuration = PostgresClient.Configuration(
            host: "127.0.0.1", port: cluster.port, username: "postgres", password: nil,
            database: store.url.database, tls: .disable)
        configuration.options.maximumConnections = connections
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return (client, Task { await client.run() })
    }

    /// Runs `body` on a connection of another program to the database of `store` (on the
    /// shared cluster).
    static func withOtherConnection<T: Sendable>(
        to store: PostgresRecordStore, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let cluster = try await PostgresCluster.shared
        let (client, run) = otherClient(of: store, in: cluster)
        defer { run.cancel() }
        return try await client.withConnection(body)
    }

    /// The other client's lock ended before it was taken, without an error.
    struct LockNotTaken: Error {}

    /// Runs `sql` on the database of `store` through a connection of its own.
    static func execute(on store: PostgresRecordStore, _ sql: String) async throws {
        try await withOtherConnection(to: store) { connection in
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }
}
