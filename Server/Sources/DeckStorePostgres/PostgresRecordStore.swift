public import DeckService
public import Foundation
public import Logging
import NIOCore
import PostgresNIO
public import ServiceLifecycle

/// The shared store: one PostgreSQL database for any number of server instances, through
/// postgres-nio's connection pool.
///
/// A change locks its row (`SELECT … FOR UPDATE`), computes the new state and writes it in one
/// transaction, so changes to one deck through any instances are serialised by the database.
/// The changes that wait on one instance share transactions (``GroupCommit``): one group of
/// changes to records of a kind is in flight at a time, and those arriving meanwhile go together
/// into the next one, across decks, so that one `BEGIN`,
/// one locking read of all the group's rows (in the order of their ids, so two groups cannot
/// deadlock), one write and one `COMMIT` serve them all; both statements are prepared once per
/// connection. ``update(_:id:at:_:)`` returns only after `COMMIT` succeeded: with PostgreSQL's
/// default `synchronous_commit = on` an acknowledged change survives the crash of the server
/// instance and of the database.
///
/// When the database cannot be reached, every call throws ``ServiceError`` (`unavailable`)
/// within ``connectionWait`` instead of waiting for it; the pool reconnects by itself when the
/// database is back. The store is a `Service`: run it (as one of the application's services)
/// for as long as it is used.
public final class PostgresRecordStore: RecordStore, Service {
    /// The database's address.
    public let url: PostgresDatabaseURL
    /// The longest a request waits for a connection before it is answered `unavailable`.
    public let connectionWait: Duration
    private let pool: PostgresPool
    /// The cross-record group commit, one per kind of record (a transaction locks rows of one
    /// kind only).
    private let groups: [RecordKind: GroupCommit]
    private let logger: Logger

    /// A store on the database at `url` with at most `connections` connections; creates or
    /// migrates its tables first, waiting up to `startupWait` for the database to answer.
    ///
    /// - Throws: ``ServiceError`` (`unavailable`) naming the database when it cannot be reached
    ///   or migrated.
    public static func open(
        url: PostgresDatabaseURL, connections: Int = 20, startupWait: Duration = .seconds(30), logger: Logger
    ) async throws -> PostgresRecordStore {
        try await PostgresSchema.migrate(url: url, wait: startupWait, logger: logger)
        return PostgresRecordStore(url: url, connections: connections, logger: logger)
    }

    private init(url: PostgresDatabaseURL, connections: Int, connectionWait: Duration = .seconds(2), logger: Logger) {
        self.url = url
        self.connectionWait = connectionWait
        self.logger = logger
        pool = PostgresPool(url: url, connections: connections, logger: logger)
        groups = Dictionary(uniqueKeysWithValues: RecordKind.allCases.map { ($0, GroupCommit()) })
    }

    /// How many groups of changes have been committed (or failed) so far, and the most changes
    /// one of them held: for tests that check that changes really share transactions.
    package var groupStatistics: (groups: Int, largest: Int) {
        groups.values.reduce(into: (0, 0)) { total, group in
            let statistics = group.statistics
            total = (total.0 + statistics.groups, max(total.1, statistics.largest))
        }
    }

    /// Runs the connection pool until a graceful shutdown; then closes its connections.
    public func run() async {
        await pool.run()
    }

    public func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {
        try await withConnection { [logger] connection in
            _ = try await connection.query("""
                INSERT INTO records (kind, id, state, changed_at) \
                VALUES (\(kind.rawValue), \(id), \(ByteBuffer(bytes: state)), \(time))
                """, logger: logger)
        }
    }

    public func read(_ kind: RecordKind, id: String) async throws -> [UInt8]? {
        try await withConnection { [logger] connection in
            let rows = try await connection.query(
                "SELECT state FROM records WHERE kind = \(kind.rawValue) AND id = \(id)", logger: logger)
            return try await Self.firstState(rows)
        }
    }

    public func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) async throws -> Result? {
        try await groups[kind]!.update(id: id, at: time, change) { [self] records in
            try await commit(records, of: kind)
        }
    }

    /// Applies a group of changes to records of one kind in one transaction: the group's rows
    /// read and locked in the order of their ids by one statement, each record's changes applied
    /// in turn to the state the one before left, the changed records written by one statement,
    /// then `COMMIT`. A record that does not exist answers `missing` to its changes only; a
    /// change that throws leaves its record as it was and the rest of the group goes on.
    private func commit(_ records: [GroupCommit.Record], of kind: RecordKind) async throws -> [[ChangeBatcher.Outcome]] {
        try await withGroupTransaction { [logger] connection -> [[ChangeBatcher.Outcome]] in
            var current: [String: [UInt8]] = [:]
            current.reserveCapacity(records.count)
            try Self.ensureOpen(connection)
            let rows = try await connection.execute(
                PostgresGroupStatements.LockRecords(kind: kind.rawValue, ids: records.map(\.id)), logger: logger)
            for try await (id, state) in rows { current[id] = Array(buffer: state) }
            var outcomes: [[ChangeBatcher.Outcome]] = []
            outcomes.reserveCapacity(records.count)
            var write = PostgresGroupStatements.WriteRecords(kind: kind.rawValue, ids: [], states: [], times: [])
            for record in records {
                guard let state = current[record.id] else {
                    outcomes.append(Array(repeating: .missing, count: record.changes.count))
                    continue
                }
                let (newState, recordOutcomes, changed) = ChangeBatcher.apply(record.changes, to: state)
                outcomes.append(recordOutcomes)
                if changed {
                    write.ids.append(record.id)
                    write.states.append(ByteBuffer(bytes: newState))
                    write.times.append(record.time)
                }
            }
            if !write.ids.isEmpty {
                // The changes took a while: the connection may have closed meanwhile.
                try Self.ensureOpen(connection)
                let done: AsyncThrowingMapSequence<PostgresRowSequence, ()> = try await connection.execute(write, logger: logger)
                for try await _ in done {}
            }
            return outcomes
        }
    }

    public func deleteRecords(changedBefore cutoff: Date) async throws -> Int {
        try await withConnection { [logger] connection in
            let rows = try await connection.query("""
                WITH deleted AS (DELETE FROM records WHERE changed_at < \(cutoff) RETURNING 1) \
                SELECT count(*) FROM deleted
                """, logger: logger)
            return try await Self.firstCount(rows)
        }
    }

    /// Claims the run with one atomic upsert of the job's row in `jobs`, on the database's clock,
    /// so that of several instances only the first in each interval runs the job.
    public func claimJob(_ job: String, every interval: TimeInterval) async throws -> Bool {
        try await withConnection { [logger] connection in
            let rows = try await connection.query("""
                INSERT INTO jobs (name, ran_at) VALUES (\(job), now()) \
                ON CONFLICT (name) DO UPDATE SET ran_at = now() \
                WHERE jobs.ran_at <= now() - make_interval(secs => \(interval)) \
                RETURNING 1
                """, logger: logger)
            var claimed = false
            for try await _ in rows { claimed = true }
            return claimed
        }
    }

    public func count(_ kind: RecordKind) async throws -> Int {
        try await withConnection { [logger] connection in
            try await Self.firstCount(connection.query(
                "SELECT count(*) FROM records WHERE kind = \(kind.rawValue)", logger: logger))
        }
    }

    /// Writes the time of the check into the `jobs` table: a database that can be read but not
    /// written (a full disk, a read-only replica) fails it.
    public func checkHealth() async throws {
        try await withConnection { [logger] connection in
            _ = try await connection.query("""
                INSERT INTO jobs (name, ran_at) VALUES ('health check', now()) \
                ON CONFLICT (name) DO UPDATE SET ran_at = now()
                """, logger: logger)
        }
    }

    private static func firstState(_ rows: PostgresRowSequence) async throws -> [UInt8]? {
        var state: [UInt8]?
        for try await buffer in rows.decode(ByteBuffer.self) { state = Array(buffer: buffer) }
        return state
    }

    private static func firstCount(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await value in rows.decode(Int.self) { count = value }
        return count
    }

    /// Runs `body` in one transaction on a pooled connection: `COMMIT` when it returns,
    /// `ROLLBACK` when it throws. Unlike postgres-nio's `withTransaction`, it sends nothing on a
    /// connection that has closed (the database stopped, the network failed), where a statement
    /// would wait for an answer forever, and throws ``ConnectionLost`` instead.
    ///
    /// A transaction the database chose as a deadlock's victim (SQLSTATE 40P01) or could not
    /// serialise (40001) is rolled back and run again, up to three times in all: groups lock their
    /// rows in the order of their ids, but the idle-record job's `DELETE` locks rows in the order
    /// it finds them. Running `body` again is safe: it computes the new states from the rows it
    /// reads, and nothing of the rolled-back attempt remains.
    private func withGroupTransaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withConnection { [logger] connection in
            var attempt = 1
            while true {
                do {
                    return try await Self.transaction(on: connection, logger: logger, body)
                } catch let error as PSQLError where attempt < 3 && Self.mayRetry(error) {
                    attempt += 1
                }
            }
        }
    }

    /// Whether `error` is a deadlock or a serialisation failure, after which the transaction may
    /// simply run again.
    private static func mayRetry(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    private static func transaction<T: Sendable>(
        on connection: PostgresConnection, logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try ensureOpen(connection)
        try await connection.query("BEGIN", logger: logger)
        let value: T
        do {
            value = try await body(connection)
        } catch {
            if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: logger) }
            throw error
        }
        try ensureOpen(connection)
        try await connection.query("COMMIT", logger: logger)
        return value
    }

    /// Throws ``ConnectionLost`` when `connection` has closed.
    private static func ensureOpen(_ connection: PostgresConnection) throws {
        if connection.isClosed { throw ConnectionLost() }
    }

    /// The connection of a transaction closed before its end: nothing of it was committed.
    struct ConnectionLost: Error, CustomStringConvertible {
        var description: String { "the connection closed in the middle of a transaction" }
    }

    /// Runs `body` on a pooled connection; throws `unavailable` when none is to be had within
    /// ``connectionWait`` or the database cannot be reached, and an internal failure when the
    /// database refuses a query.
    private func withConnection<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let client = pool.client
        do {
            let value = try await Self.withLeaseDeadline(connectionWait) { started in
                try await client.withConnection { connection in
                    // A lease granted just as the wait ran out is handed back unused.
                    guard started.begin() else { throw CancellationError() }
                    return try await body(connection)
                }
            }
            pool.noteSuccess()
            return value
        } catch {
            let error = PostgresFailure.cause(of: error)
            if let error = error as? ServiceError { throw error }
            let failure = PostgresFailure.make(error)
            if failure.kind == .unavailable { pool.noteUnreachable() } else { pool.noteSuccess() }
            if failure.kind == .internalFailure {
                logger.error("the database refused a query", metadata: ["error": "\(String(reflecting: error))"])
            }
            throw failure
        }
    }
}
