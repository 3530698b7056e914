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
/// The changes that wait on one instance share statements (``GroupCommit``): one group of
/// changes to records of a kind is in flight at a time, and those arriving meanwhile go together
/// into the next one, across decks. Changes to records this instance alone has been changing
/// are applied to the states it knows, and one conditional statement writes them all where the
/// rows are still at the versions it knows (``RecordVersionCache``): one commit for the group,
/// and one round trip. The other records (new to this instance, or changed by another one
/// lately) take a transaction that reads and locks their rows (in the order of their ids, so two
/// groups cannot deadlock), writes them with one statement and commits, so changes to one deck
/// through any instances are serialised by the database. Every statement is prepared once per
/// connection. ``update(_:id:at:_:)`` returns only after the commit succeeded: with
/// PostgreSQL's default `synchronous_commit = on` an acknowledged change survives the crash of
/// the server instance and of the database.
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
    /// Times the waits for connections and the groups' transactions.
    private let timer = CoarseTimer()
    /// The states and row versions of the records this instance changed last.
    private let versions = RecordVersionCache()
    /// How the records of groups were written (for tests).
    private let paths = Mutex(WritePaths())
    /// Until when the conditional writes are off, after the write procedure could not run.
    private let procedurePause = Mutex<ContinuousClock.Instant?>(nil)
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
        groups = Dictionary(uniqueKeysWithValues: RecordKind.allCases.map { [timer] in ($0, GroupCommit(timer: timer)) })
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

    /// Runs the connection pool until a graceful shutdown; then closes its connections.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.pool.run() }
            group.addTask { await self.timer.run() }
            // The pool ends first (a graceful shutdown or cancellation); the timer then ends
            // whatever waits remain.
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

    /// Applies a group of changes to records of one kind, in at most two steps on one
    /// connection.
    ///
    /// First, the records this instance alone has been changing (it knows their state and row
    /// version, ``RecordVersionCache``): their changes are applied to the known states, and one
    /// call of a stored procedure writes them where the rows are still at the versions known
    /// and commits before it answers. That is one round trip and no explicit transaction for
    /// the whole group on the usual path.
    ///
    /// Then the rest (records not known, contended, only refused, or changed by someone else
    /// since): one transaction reads and locks their rows in the order of their ids, applies
    /// each record's changes in turn to the state the one before left, writes the changed
    /// records with one statement and commits. A record that does not exist answers `missing`
    /// to its changes only; a change that throws leaves its record as it was and the rest of the
    /// group goes on. When that transaction fails after the conditional write committed, only
    /// its own records' changes fail.
    private func commit(
        _ records: [GroupCommit.Record], of kind: RecordKind, on connection: PostgresConnection
    ) async throws -> [[ChangeBatcher.Outcome]] {
        let attempt = conditionalWrite(of: records, kind: kind)
        var outcomes = [[ChangeBatcher.Outcome]?](repeating: nil, count: records.count)
        var closesConnection = false
        if !attempt.write.ids.isEmpty {
            // nil: a deadlock's victim, or the procedure could not run; nothing was written, and
            // nobody else need have changed them.
            let written: [String: String]?
            do {
                written = try await Self.writeIfUnchanged(attempt.write, on: connection, logger: logger)
            } catch let unusable as ProcedureUnusable {
                pauseConditionalWrites(unusable)
                // postgres-nio keeps a statement's failed preparation for the connection's life.
                closesConnection = true
                written = nil
            }
            for tried in attempt.tried {
                let id = records[tried.record].id
                if let version = written?[id] {
                    outcomes[tried.record] = tried.outcomes
                    versions.remember(kind, id: id, version: version, state: tried.state)
                } else if written != nil {
                    versions.noteConflict(kind, id: id)
                }
            }
            paths.withLock { paths in
                paths.conditional += written?.count ?? 0
                paths.conflicts += written.map { attempt.tried.count - $0.count } ?? 0
            }
        }
        let rest = outcomes.indices.filter { outcomes[$0] == nil }
        if !rest.isEmpty {
            let locked: LockedOutcome
            do {
                locked = try await Self.retryingTransaction(on: connection, logger: logger) { connection in
                    try await Self.lockAndWrite(rest.map { records[$0] }, of: kind, on: connection, logger: logger)
                }
            } catch where rest.count < records.count {
                // The conditional write committed the others: they are answered as they are,
                // and only the changes of this transaction fail, with its error; the session
                // ends, its connection in doubt.
                let refusal = failure(error)
                for index in rest { outcomes[index] = Array(repeating: .refused(refusal), count: records[index].changes.count) }
                throw GroupCommit.PartlyCommitted(outcomes: outcomes.map { $0! })
            }
            for (index, recordOutcomes) in zip(rest, locked.outcomes) { outcomes[index] = recordOutcomes }
            paths.withLock { $0.locked += rest.count }
            for found in locked.found { versions.noteFound(kind, id: found.id, version: found.version) }
            for known in locked.known { versions.remember(kind, id: known.id, version: known.version, state: known.state) }
        }
        pool.noteSuccess()
        // The session's next group finds it closed and goes to a new connection.
        if closesConnection { try? await connection.close() }
        return outcomes.map { $0! }
    }

    /// The records of a group whose changes may go by ``PostgresGroupStatements/WriteIfUnchanged``:
    /// those whose state and version this instance knows and that some change of changed; with
    /// their outcomes, computed on the known states. The statement's ids are in ascending order.
    private func conditionalWrite(
        of records: [GroupCommit.Record], kind: RecordKind
    ) -> (write: PostgresGroupStatements.WriteIfUnchanged, tried: [(record: Int, state: [UInt8], outcomes: [ChangeBatcher.Outcome])]) {
        var tried: [(record: Int, version: String, state: [UInt8], outcomes: [ChangeBatcher.Outcome])] = []
        let paused = procedurePause.withLock { until in until.map { ContinuousClock.now < $0 } ?? false }
        guard !paused else { return (PostgresGroupStatements.WriteIfUnchanged(kind: kind.rawValue), []) }
        for (index, record) in records.enumerated() {
            guard let known = versions.entry(kind, id: record.id) else { continue }
            let (state, outcomes, changed) = ChangeBatcher.apply(record.changes, to: known.state)
            // A group of refusals only is checked against the row under lock: the known state
            // may be stale, and nothing would be written to find out.
            guard changed else { continue }
            tried.append((index, known.version, state, outcomes))
        }
        tried.sort { records[$0.record].id < records[$1.record].id }
        var write = PostgresGroupStatements.WriteIfUnchanged(kind: kind.rawValue)
        for attempt in tried {
            write.ids.append(records[attempt.record].id)
            write.versions.append(attempt.version)
            write.states.append(ByteBuffer(bytes: attempt.state))
            write.times.append(records[attempt.record].time)
        }
        return (write, tried.map { ($0.record, $0.state, $0.outcomes) })
    }

    /// Runs `write` (it commits before it answers) and answers the new versions of the records
    /// it wrote, by id. When the database chose it as a deadlock's victim, nothing was written,
    /// and it answers `nil`: the records go the locking way.
    private static func writeIfUnchanged(
        _ write: PostgresGroupStatements.WriteIfUnchanged, on connection: PostgresConnection, logger: Logger
    ) async throws -> [String: String]? {
        try ensureOpen(connection)
        var written: [String: String] = [:]
        do {
            for try await (ids, versions) in try await connection.execute(write, logger: logger) {
                for (id, version) in zip(ids ?? [], versions ?? []) { written[id] = version }
            }
        } catch let error as PSQLError where mayRetry(error) {
            return nil
        } catch let error as PSQLError where ProcedureUnusable.isCause(error) {
            throw ProcedureUnusable(cause: error)
        }
        return written
    }

    /// The write procedure of ``PostgresGroupStatements/WriteIfUnchanged`` could not run: it is
    /// missing (42883), or was altered so that it cannot commit (2D000: a `SET` clause, `SECURITY
    /// DEFINER`, an exception block). Nothing was written.
    struct ProcedureUnusable: Error {
        let cause: PSQLError

        static func isCause(_ error: PSQLError) -> Bool {
            guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
            return state == "42883" || state == "2D000"
        }
    }

    /// How long the conditional writes stay off after the write procedure could not run.
    static let procedurePauseLength: Duration = .seconds(60)

    /// Turns the conditional writes off for ``procedurePauseLength`` (every record takes the
    /// locking way meanwhile) and says what to do about it.
    private func pauseConditionalWrites(_ unusable: ProcedureUnusable) {
        procedurePause.withLock { $0 = ContinuousClock.now + Self.procedurePauseLength }
        logger.error(
            """
            the database's procedure deck_write_if_unchanged cannot run, so changes take the slower \
            locking way for the next \(Self.procedurePauseLength.components.seconds) s; to make it \
            again, delete version 2 from schema_migrations and start an instance
            """,
            metadata: ["error": "\(String(reflecting: unusable.cause))"])
    }

    /// What the locking transaction of a group did: each record's outcomes, the versions it
    /// found the rows at, and the versions and states it left them at (written, or found and
    /// left alone).
    private struct LockedOutcome: Sendable {
        var outcomes: [[ChangeBatcher.Outcome]] = []
        var found: [(id: String, version: String)] = []
        var known: [(id: String, version: String, state: [UInt8])] = []
    }

    /// The body of a group's locking transaction: reads and locks `records`' rows in the order
    /// of their ids, applies their changes and writes the changed records in one statement.
    private static func lockAndWrite(
        _ records: [GroupCommit.Record], of kind: RecordKind, on connection: PostgresConnection, logger: Logger
    ) async throws -> LockedOutcome {
        var current: [String: (state: [UInt8], version: String)] = [:]
        current.reserveCapacity(records.count)
        try ensureOpen(connection)
        let rows = try await connection.execute(
            PostgresGroupStatements.LockRecords(kind: kind.rawValue, ids: records.map(\.id)), logger: logger)
        for try await (id, state, version) in rows { current[id] = (Array(buffer: state), version) }
        var result = LockedOutcome()
        result.outcomes.reserveCapacity(records.count)
        var write = PostgresGroupStatements.WriteRecords(kind: kind.rawValue, ids: [], states: [], times: [])
        var newStates: [String: [UInt8]] = [:]
        for record in records {
            guard let (state, version) = current[record.id] else {
                result.outcomes.append(Array(repeating: .missing, count: record.changes.count))
                continue
            }
            result.found.append((record.id, version))
            let (newState, recordOutcomes, changed) = ChangeBatcher.apply(record.changes, to: state)
            result.outcomes.append(recordOutcomes)
            if changed {
                write.ids.append(record.id)
                write.states.append(ByteBuffer(bytes: newState))
                write.times.append(record.time)
                newStates[record.id] = newState
            } else {
                result.known.append((record.id, version, state))
            }
        }
        if !write.ids.isEmpty {
            // The changes took a while: the connection may have closed meanwhile.
            try ensureOpen(connection)
            for try await (id, version) in try await connection.execute(write, logger: logger) {
                if let state = newStates[id] { result.known.append((id, version, state)) }
            }
        }
        return result
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
    private static func retryingTransaction<T: Sendable>(
        on connection: PostgresConnection, logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> T
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
            if !connection.isClosed {
                do {
                    try await connection.query("ROLLBACK", logger: logger)
                } catch {
                    // Possibly still inside the transaction: no later statement may run in it.
                    try? await connection.close()
                }
            }
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
    /// database refuses a query. Its success counts as a sign that the database answers, unless
    /// `notingSuccess` is false.
    private func withConnection<T: Sendable>(
        notingSuccess: Bool = true, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let client = pool.client
        do {
            let value = try await Self.withLeaseDeadline(connectionWait, timer: timer) { started in
                try await client.withConnection { connection in
                    // A lease granted just as the wait ran out is handed back unused.
                    guard started.begin() else { throw CancellationError() }
                    return try await body(connection)
                }
            }
            if notingSuccess { pool.noteSuccess() }
            return value
        } catch {
            throw failure(error)
        }
    }

    /// What a store call that failed with `error` throws: the ``ServiceError`` it carries, or
    /// one made of a database or connection error (noting the database unreachable, or
    /// logging a refused query).
    private func failure(_ error: any Error) -> any Error {
        let error = PostgresFailure.cause(of: error)
        if let error = error as? ServiceError { return error }
        let failure = PostgresFailure.make(error)
        if failure.kind == .unavailable { pool.noteUnreachable() } else { pool.noteSuccess() }
        if failure.kind == .internalFailure {
            logger.error("the database refused a query", metadata: ["error": "\(String(reflecting: error))"])
        }
        return failure
    }
}
