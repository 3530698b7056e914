import DeckService
import Foundation
import Logging
import NIOCore
import PostgresNIO
import DeckStoreSupport

/// How a group of changes is written: the conditional write of the records this instance
/// knows, then the locking transaction for the rest.
extension PostgresRecordStore {
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
    func commit(
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
                let (lockedRecords, logger) = (rest.map { records[$0] }, logger)
                locked = try await Self.retryingTransaction(on: connection, logger: logger) { connection in
                    try await Self.lockAndWrite(lockedRecords, of: kind, on: connection, logger: logger)
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
        do {
            return try await untilClosed(connection) {
                var written: [String: String] = [:]
                for try await (ids, versions) in try await connection.execute(write, logger: logger) {
                    for (id, version) in zip(ids ?? [], versions ?? []) { written[id] = version }
                }
                return written
            }
        } catch let error as PSQLError where mayRetry(error) {
            return nil
        } catch let error as PSQLError where ProcedureUnusable.isCause(error) {
            throw ProcedureUnusable(cause: error)
        }
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
}
