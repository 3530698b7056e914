public import DeckService
public import Foundation
public import Logging
import NIOCore
import PostgresNIO
public import ServiceLifecycle
import Synchronization

/// The shared store: one PostgreSQL database for any number of server instances, through
/// postgres-nio's connection pool.
///
/// The changes that wait on one instance share statements (`GroupCommit`): one group of
/// changes to records of a kind is in flight at a time, and those arriving meanwhile go together
/// into the next one, across decks. Changes to records this instance alone has been changing
/// are applied to the states it knows, and one conditional statement writes them all where the
/// rows are still at the versions it knows (`RecordVersionCache`): one commit for the group,
/// and one round trip. The other records (new to this instance, or changed by another one
/// lately) take a transaction that reads and locks their rows (in the order of their ids, so two
/// groups cannot deadlock), writes them with one statement and commits, so changes to one deck
/// through any instances are serialised by the database. Every statement is prepared once per
/// connection. ``update(_:id:at:_:)`` returns only after the commit succeeded: with
/// PostgreSQL's default `synchronous_commit = on` an acknowledged change survives the crash of
/// the server instance and of the database.
///
/// When the database cannot be reached, every call throws `ServiceError` (`unavailable`)
/// within ``connectionWait`` instead of waiting for it; the pool reconnects by itself when the
/// database is back. The store is a `Service`: run it (as one of the application's services)
/// for as long as it is used.
public final class PostgresRecordStore: RecordStore, Service {
    /// The database's address.
    public let url: PostgresDatabaseURL
    /// The longest a request waits for a connection before it is answered `unavailable`.
    public let connectionWait: Duration
    let pool: PostgresPool
    /// The cross-record group commit, one per kind of record (a transaction locks rows of one
    /// kind only).
    let groups: [RecordKind: GroupCommit]
    /// Times the waits for connections and the groups' transactions.
    let timer = CoarseTimer<ContinuousClock>()
    /// The states and row versions of the records this instance changed last.
    let versions: RecordVersionCache
    /// How the records of groups were written (for tests).
    let paths = Mutex(WritePaths())
    /// Until when the conditional writes are off, after the write procedure could not run.
    let procedurePause = Mutex<ContinuousClock.Instant?>(nil)
    let logger: Logger

    /// A store on the database at `url` with at most `connections` connections; creates or
    /// migrates its tables first, waiting up to `startupWait` for the database to answer.
    ///
    /// - Throws: `ServiceError` (`unavailable`) naming the database when it cannot be reached
    ///   or migrated.
    public static func open(
        url: PostgresDatabaseURL, connections: Int = 20, startupWait: Duration = .seconds(30), logger: Logger
    ) async throws -> PostgresRecordStore {
        try await open(url: url, connections: connections, startupWait: startupWait, contentionCalm: .seconds(2), logger: logger)
    }

    /// ``open(url:connections:startupWait:logger:)`` with records changed by another instance
    /// counting as contended for `contentionCalm` after the last sign of it (see
    /// `RecordVersionCache`): for tests that must see a record stay contended however slowly
    /// they run.
    package static func open(
        url: PostgresDatabaseURL, connections: Int = 20, startupWait: Duration = .seconds(30), contentionCalm: Duration, logger: Logger
    ) async throws -> PostgresRecordStore {
        try await PostgresSchema.migrate(url: url, wait: startupWait, logger: logger)
        return PostgresRecordStore(url: url, connections: connections, versions: RecordVersionCache(calm: contentionCalm), logger: logger)
    }

    private init(
        url: PostgresDatabaseURL, connections: Int, connectionWait: Duration = .seconds(2), versions: RecordVersionCache, logger: Logger
    ) {
        self.url = url
        self.versions = versions
        self.connectionWait = connectionWait
        self.logger = logger
        pool = PostgresPool(url: url, connections: connections, logger: logger)
        groups = Dictionary(uniqueKeysWithValues: RecordKind.allCases.map { [timer, logger] kind in
            (kind, GroupCommit(timer: timer) { changes in
                logger.warning(
                    "a group's transaction had no answer within its deadline: its callers are answered unavailable",
                    metadata: ["kind": "\(kind.rawValue)", "changes": "\(changes)"])
            })
        })
    }

    /// How many groups of changes have been committed (or failed) so far, the most changes one of
    /// them held, and how many sessions (connection leases) served them: for tests that check
    /// that changes really share statements and groups share connections.
    package var groupStatistics: (groups: Int, largest: Int, sessions: Int) {
        groups.values.reduce(into: (0, 0, 0)) { total, group in
            let statistics = group.statistics
            total = (total.0 + statistics.groups, max(total.1, statistics.largest), total.2 + statistics.sessions)
        }
    }

    /// How many changes wait for a group to go into: for tests that arrange groups.
    package var waitingChanges: Int {
        groups.values.reduce(0) { $0 + $1.waitingCount }
    }

    /// How many records the groups wrote with the conditional statement, how many of those found
    /// their rows changed by someone else, and how many records went through the locking
    /// transaction: for tests that check which way changes take.
    package var writePaths: WritePaths { paths.withLock { $0 } }

    /// Counts of the ways records of groups were written.
    package struct WritePaths: Sendable, Equatable {
        /// Records written by the conditional statement.
        package var conditional = 0
        /// Records whose conditional write matched no row.
        package var conflicts = 0
        /// Records read and locked by the locking transaction.
        package var locked = 0
    }

    /// Runs the connection pool, the timer and the group commits' sessions until a graceful
    /// shutdown; then closes the pool's connections and ends the rest.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.pool.run() }
            group.addTask { await self.timer.run() }
            for commit in groups.values {
                group.addTask { await commit.run() }
            }
            // The pool ends first (a graceful shutdown or cancellation); the timer then ends
            // whatever waits remain, and the group commits fail the groups that have not begun
            // and wait for their sessions, which end as their connections have.
            await group.next()
            group.cancelAll()
        }
    }

    public func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {
        let version = try await withConnection { [logger] connection in
            let rows = try await connection.query("""
                INSERT INTO records (kind, id, state, changed_at) \
                VALUES (\(kind.rawValue), \(id), \(ByteBuffer(bytes: state)), \(time)) \
                RETURNING xmin::text
                """, logger: logger)
            var version: String?
            for try await value in rows.decode(String.self) { version = value }
            return version
        }
        if let version { versions.remember(kind, id: id, version: version, state: state) }
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
        try await groups[kind]!.update(id: id, at: time, change) { [self] body in
            // A session of groups: one leased connection for as long as groups follow one
            // another.
            // Each group notes its own success or failure: the session's end says nothing.
            try await withConnection(notingSuccess: false) { connection in
                await body { records in
                    // Closed between groups: nothing of this one was sent; it gets a new session.
                    guard !connection.isClosed else { throw GroupCommit.SessionEnded() }
                    do {
                        return try await self.commit(records, of: kind, on: connection)
                    } catch let partly as GroupCommit.PartlyCommitted {
                        throw partly
                    } catch {
                        throw self.failure(error)
                    }
                }
            }
        }
    }

    public func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) async throws -> Int {
        try await withConnection { [logger] connection in
            let rows = try await connection.query("""
                WITH idle AS (DELETE FROM records WHERE changed_at < \(cutoff) AND kind NOT IN ('background', 'watch', 'image') RETURNING kind, id), \
                tables AS (SELECT id FROM records WHERE kind = 'table' EXCEPT SELECT id FROM idle WHERE kind = 'table'), \
                orphans AS (DELETE FROM records r WHERE (r.kind = 'background' AND NOT EXISTS (SELECT 1 FROM tables t WHERE t.id = r.id)) \
                    OR (r.kind = 'watch' AND NOT EXISTS (SELECT 1 FROM tables t WHERE convert_to(t.id, 'UTF8') = r.state)) RETURNING 1), \
                named AS (SELECT substring(b.state FROM 1 FOR 64) AS digest FROM records b \
                    WHERE b.kind = 'background' AND EXISTS (SELECT 1 FROM tables t WHERE t.id = b.id)), \
                images AS (DELETE FROM records i WHERE i.kind = 'image' AND i.changed_at < \(imageCutoff) \
                    AND NOT EXISTS (SELECT 1 FROM named n WHERE n.digest = convert_to(i.id, 'UTF8')) RETURNING 1) \
                SELECT (SELECT count(*) FROM idle) + (SELECT count(*) FROM orphans) + (SELECT count(*) FROM images)
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
}
