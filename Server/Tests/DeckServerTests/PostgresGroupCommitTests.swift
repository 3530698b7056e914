import DeckService
import DeckStorePostgres
import DeckTestSupport
import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

/// The PostgreSQL store's group commit, called directly: changes to many records that wait on
/// one store share a transaction, and one change's failure is its own.
@Suite("PostgreSQL group commit, store level")
struct PostgresGroupCommitTests {
    /// A change refused by its own validation.
    struct Refused: Error, Equatable {}

    @Test("a change refused by its validation inside a group leaves the rest of the group committed; a missing record answers nil to its own change only")
    func refusedChangeInGroup() async throws {
        try await Self.withStore { store in
            let ids = (0..<16).map { "record\($0)" }
            for id in ids { try await store.insert(.deck, id: id, state: [7], at: Date()) }
            // Another client holds the row of a record of the store's own, whose change keeps the
            // store's one group in flight, waiting for the lock (no thread waits), until the 17
            // changes all wait; they then go into one group.
            try await store.insert(.deck, id: "holder", state: [], at: Date())
            let before = store.groupStatistics
            let holderLock = try await RowLock.take("holder", in: store, cluster: PostgresCluster.shared)
            let holder = Task { try await store.update(.deck, id: "holder", at: Date(), Self.append(1)) }
            try await waitUntil("the holder's change to wait for its row") { try await holderLock.waitingLocks() == 1 }
            let waiting = Task {
                await withTaskGroup(of: (String, Result<Int?, any Error>).self) { group in
                    for (index, id) in ids.enumerated() {
                        group.addTask {
                            let result = await Self.outcome {
                                try await store.update(.deck, id: id, at: Date()) { state in
                                    if index == 5 { throw Refused() }
                                    return (state + [UInt8(index)], state.count + 1)
                                }
                            }
                            return (id, result)
                        }
                    }
                    group.addTask {
                        ("nosuchrecord", await Self.outcome { try await store.update(.deck, id: "nosuchrecord", at: Date(), Self.append(1)) })
                    }
                    return await group.reduce(into: [String: Result<Int?, any Error>]()) { $0[$1.0] = $1.1 }
                }
            }
            try await waitUntil("all 17 changes to wait") { store.waitingChanges == ids.count + 1 }
            try await holderLock.release()
            let outcomes = await waiting.value
            #expect(try await holder.value == 1)

            #expect(throws: Refused.self) { try outcomes["record5"]!.get() }
            #expect(try outcomes["nosuchrecord"]!.get() == nil)
            for (index, id) in ids.enumerated() where index != 5 {
                #expect(try outcomes[id]!.get() == 2)
                #expect(try await store.read(.deck, id: id) == [7, UInt8(index)])
            }
            #expect(try await store.read(.deck, id: "record5") == [7])
            #expect(try await store.read(.deck, id: "nosuchrecord") == nil)
            // The holder's group, then the waiting 17 changes in one, which followed it at once,
            // on the same leased connection.
            let statistics = store.groupStatistics
            #expect(statistics.largest == 17, "largest group: \(statistics.largest)")
            #expect(statistics.groups - before.groups == 2, "groups: \(statistics.groups - before.groups)")
            #expect(statistics.sessions - before.sessions == 1, "sessions: \(statistics.sessions - before.sessions)")
        }
    }

    @Test("changes to one record inside a group apply one after another, each to the state the one before left")
    func sameRecordInGroup() async throws {
        try await Self.withStore { store in
            try await store.insert(.deck, id: "shared", state: [], at: Date())
            try await store.insert(.deck, id: "other", state: [], at: Date())
            let (lock, holder) = try await Self.occupy(store)
            let changes = Task {
                try await withThrowingTaskGroup(of: Int?.self) { group in
                    for index in 0..<20 {
                        group.addTask { try await store.update(.deck, id: index % 4 == 0 ? "other" : "shared", at: Date(), Self.append(UInt8(index))) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            try await waitUntil("all 20 changes to wait") { store.waitingChanges == 20 }
            try await lock.release()
            let lengths = try await changes.value
            #expect(try await holder.value == 1)
            #expect(store.groupStatistics.largest == 20, "the 20 changes were not one group")
            #expect(lengths.compactMap { $0 }.sorted() == (Array(1...5) + Array(1...15)).sorted())
            #expect(try await store.read(.deck, id: "shared")?.count == 15)
            #expect(try await store.read(.deck, id: "other")?.count == 5)
        }
    }

    @Test("a record changed by someone else since this store's last write: the conditional write matches no row, and the change applies to the newer state")
    func changedElsewhere() async throws {
        try await Self.withStores(2) { stores in
            let (store, other) = (stores[0], stores[1])
            for id in ["shared", "edited", "deleted"] { try await store.insert(.deck, id: id, state: [0], at: Date()) }
            let start = store.writePaths

            // Its own record, known: one conditional write.
            #expect(try await store.update(.deck, id: "shared", at: Date(), Self.append(1)) == 2)
            #expect(store.writePaths.conditional - start.conditional == 1)
            // The other instance knows nothing of it: it locks the row.
            #expect(try await other.update(.deck, id: "shared", at: Date(), Self.append(2)) == 3)
            #expect(other.writePaths.locked == 1)
            // The first one's version is stale: its write matches no row, and the change goes
            // the locking way, applied to the state the other left.
            #expect(try await store.update(.deck, id: "shared", at: Date(), Self.append(3)) == 4)
            var paths = store.writePaths
            #expect(paths.conflicts - start.conflicts == 1 && paths.locked - start.locked == 1, "\(start) → \(paths)")
            // Contended now: the next change locks the row at once.
            #expect(try await store.update(.deck, id: "shared", at: Date(), Self.append(4)) == 5)
            paths = store.writePaths
            #expect(paths.conflicts - start.conflicts == 1 && paths.locked - start.locked == 2, "\(start) → \(paths)")
            #expect(try await store.read(.deck, id: "shared") == [0, 1, 2, 3, 4])

            // A write by another program (an older server, a person at psql) and a deletion
            // are caught the same way.
            #expect(try await store.update(.deck, id: "edited", at: Date(), Self.append(1)) == 2)
            try await Self.execute(on: store, "UPDATE records SET state = '\\x0909' WHERE id = 'edited'")
            try await Self.execute(on: store, "DELETE FROM records WHERE id = 'deleted'")
            #expect(try await store.update(.deck, id: "edited", at: Date(), Self.append(7)) == 3)
            #expect(try await store.update(.deck, id: "deleted", at: Date(), Self.append(7)) == nil)
            #expect(try await store.read(.deck, id: "edited") == [9, 9, 7])
            #expect(try await store.read(.deck, id: "deleted") == nil)
            paths = store.writePaths
            #expect(paths.conflicts - start.conflicts == 3, "\(start) → \(paths)")
        }
    }

    @Test("a database of the release before the write procedure gets it from the first new instance to open it, its records kept, and that instance's conditional writes go through it")
    func upgradesDatabaseWithoutProcedure() async throws {
        try await Self.withStore { older in
            try await older.insert(.deck, id: "kept", state: [0], at: Date())
            // What the previous release leaves: schema version 1 only.
            try await Self.execute(on: older, "DROP PROCEDURE deck_write_if_unchanged")
            try await Self.execute(on: older, "DELETE FROM schema_migrations WHERE version = 2")

            let store = try await PostgresRecordStore.open(url: older.url, logger: Self.logger)
            let run = Task { await store.run() }
            defer { run.cancel() }
            #expect(try await Self.migrations(of: store) == [1, 2, 3])
            // New to this instance: locked once, then written by the procedure.
            #expect(try await store.update(.deck, id: "kept", at: Date(), Self.append(1)) == 2)
            #expect(try await store.update(.deck, id: "kept", at: Date(), Self.append(2)) == 3)
            #expect(store.writePaths.locked == 1 && store.writePaths.conditional == 1, "\(store.writePaths)")
            #expect(try await older.read(.deck, id: "kept") == [0, 1, 2])
        }
    }

    @Test("the write procedure commits inside: called inside a transaction block it is refused (2D000), so its answer outside one comes after its commit")
    func procedureCommitsInside() async throws {
        try await Self.withStore { store in
            try await store.insert(.deck, id: "x", state: [0], at: Date())
            let state: String? = try await Self.withOtherConnection(to: store) { connection in
                var version = ""
                let rows = try await connection.query("SELECT xmin::text FROM records WHERE id = 'x'", logger: Self.logger)
                for try await value in rows.decode(String.self) { version = value }
                try await connection.query("BEGIN", logger: Self.logger)
                do {
                    // The error comes with the rows, after the query's description.
                    let rows = try await connection.query(
                        "CALL deck_write_if_unchanged('deck', ARRAY['x'], ARRAY[\(version)], ARRAY['\\x01'::bytea], ARRAY[now()])",
                        logger: Self.logger)
                    for try await _ in rows {}
                    return nil
                } catch let error as PSQLError {
                    return error.serverInfo?[.sqlState]
                }
            }
            #expect(state == "2D000")
            #expect(try await store.read(.deck, id: "x") == [0])
        }
    }

    @Test("with the write procedure gone, changes to known records take the locking way for a while, and none fails")
    func procedureMissing() async throws {
        try await Self.withStore { store in
            try await store.insert(.deck, id: "known", state: [0], at: Date())
            #expect(try await store.update(.deck, id: "known", at: Date(), Self.append(1)) == 2)
            #expect(store.writePaths.conditional == 1)
            try await Self.execute(on: store, "DROP PROCEDURE deck_write_if_unchanged")

            // The call fails before anything is written; the change goes the locking way.
            #expect(try await store.update(.deck, id: "known", at: Date(), Self.append(2)) == 3)
            #expect(store.writePaths.locked == 1 && store.writePaths.conditional == 1, "\(store.writePaths)")
            // Meanwhile the next changes do not try the call.
            #expect(try await store.update(.deck, id: "known", at: Date(), Self.append(3)) == 4)
            #expect(store.writePaths.locked == 2 && store.writePaths.conditional == 1, "\(store.writePaths)")
            #expect(try await store.read(.deck, id: "known") == [0, 1, 2, 3])
        }
    }

    /// The schema versions applied to the database of `store`, in order.
    static func migrations(of store: PostgresRecordStore) async throws -> [Int] {
        try await withOtherConnection(to: store) { connection in
            var versions: [Int] = []
            let rows = try await connection.query("SELECT version FROM schema_migrations ORDER BY version", logger: logger)
            for try await version in rows.decode(Int.self) { versions.append(version) }
            return versions
        }
    }

    @Test("16 tasks through two stores append to 4 shared and 8 own records at once: every change applies exactly once, in its task's order, and each answer is a distinct length")
    func twoStoresNoLostChange() async throws {
        try await Self.withStores(2) { stores in
            let shared = (0..<4).map { "shared\($0)" }
            let own = (0..<8).map { "own\($0)" }
            for id in shared { try await stores[0].insert(.deck, id: id, state: [], at: Date()) }
            for (index, id) in own.enumerated() { try await stores[index % 2].insert(.deck, id: id, state: [], at: Date()) }
            // Task t appends byte t, 30 times: to shared records through the store of its parity,
            // and to own record t % 8 through the store that made it.
            let answers = try await withThrowingTaskGroup(of: (Int, [(String, Int)]).self) { group in
                for task in 0..<16 {
                    group.addTask {
                        var answers: [(String, Int)] = []
                        for turn in 0..<30 {
                            let useShared = (task + turn) % 3 == 0
                            let id = useShared ? shared[(task * 7 + turn) % 4] : own[task % 8]
                            let length = try #require(try await stores[task % 2].update(.deck, id: id, at: Date(), Self.append(UInt8(task))))
                            answers.append((id, length))
                        }
                        return (task, answers)
                    }
                }
                return try await group.reduce(into: [Int: [(String, Int)]]()) { all, answers in all[answers.0] = answers.1 }
            }
            var lengths: [String: [Int]] = [:]
            for (_, taskAnswers) in answers {
                for (id, length) in taskAnswers { lengths[id, default: []].append(length) }
                // A task's changes to one record apply in its order.
                for id in Set(taskAnswers.map(\.0)) {
                    let mine = taskAnswers.filter { $0.0 == id }.map(\.1)
                    #expect(mine == mine.sorted() && Set(mine).count == mine.count, "\(id): \(mine)")
                }
            }
            for id in shared + own {
                let state = try #require(try await stores[0].read(.deck, id: id))
                let answered = lengths[id, default: []].sorted()
                // Every answer a distinct length, 1 to n, and n bytes in the record.
                #expect(answered == Array(1...max(state.count, 1)).prefix(answered.count).map { $0 }, "\(id): \(answered)")
                #expect(state.count == answered.count, "\(id): \(state.count) bytes for \(answered.count) answers")
                // Each task's byte as often as that task was answered for this record.
                for task in 0..<16 {
                    let bytes = state.filter { $0 == UInt8(task) }.count
                    let told = answers[task].map { $0.filter { $0.0 == id }.count } ?? 0
                    #expect(bytes == told, "\(id): task \(task) answered \(told) times, \(bytes) bytes")
                }
            }
            let total = answers.values.reduce(0) { $0 + $1.count }
            #expect(total == 16 * 30)
            let paths = (stores[0].writePaths, stores[1].writePaths)
            #expect(paths.0.conditional + paths.1.conditional > 0, "\(paths)")
            #expect(paths.0.locked + paths.1.locked > 0, "\(paths)")
        }
    }

    @Test(
        "a group chosen as a deadlock's victim (another transaction locking its rows in the other order) runs again and commits",
        arguments: [WritePath.locking, .conditional])
    func deadlockVictimRunsAgain(path: WritePath) async throws {
        let cluster = try await PostgresCluster.shared
        try await Self.withStores(2) { stores in
            let store = stores[0]
            // Records made through the other store are new to this one: their changes take the
            // locking transaction. Its own records it writes with the conditional statement.
            for id in ["a", "b"] { try await stores[path.isNew(0) ? 1 : 0].insert(.deck, id: id, state: [], at: Date()) }

            // Another client holds b and, once the group holds a and waits for b, asks for a.
            let (other, otherRun) = Self.otherClient(of: store, in: cluster)
            defer { otherRun.cancel() }
            let before = store.writePaths
            let (lock, holder) = try await Self.occupy(store)
            try await other.withConnection { connection in
                try await connection.query("BEGIN", logger: Self.logger)
                try await connection.query("SELECT 1 FROM records WHERE id = 'b' FOR UPDATE", logger: Self.logger)
                // The two changes wait while the holder's group is in flight, then go into one
                // group, which locks a and waits for b.
                async let first = store.update(.deck, id: "a", at: Date(), Self.append(1))
                async let second = store.update(.deck, id: "b", at: Date(), Self.append(2))
                try await waitUntil("the changes to a and b to wait") { store.waitingChanges == 2 }
                try await lock.release()
                // pg_locks is live, unlike the statistics views.
                try await waitUntil("the group to wait for b's row") {
                    try await Self.waitingLocks(inDatabaseOf: connection) == 1 && store.waitingChanges == 0
                }
                // The group holds a and waits for b: locking a closes the circle. The database
                // breaks it after a second by failing one of the two; whichever it is, the other
                // goes on, and the group's changes commit.
                let locked = await Self.outcome {
                    try await connection.query("SELECT 1 FROM records WHERE id = 'a' FOR UPDATE", logger: Self.logger)
                }
                if case .success = locked {
                    try await connection.query("COMMIT", logger: Self.logger)
                } else {
                    try await connection.query("ROLLBACK", logger: Self.logger)
                }
                #expect(try await first == 1)
                #expect(try await second == 1)
            }
            #expect(try await holder.value == 1)
            #expect(try await store.read(.deck, id: "a") == [1])
            #expect(try await store.read(.deck, id: "b") == [2])
            // Which way the group went (the holder's record is the store's own: one conditional
            // write). A deadlock's victim among conditional writes goes the locking way, nothing
            // of it having been written.
            let paths = store.writePaths
            let (conditional, locked) = (paths.conditional - before.conditional, paths.locked - before.locked)
            switch path {
            case .locking:
                #expect(conditional == 1 && locked == 2, "\(before) → \(paths)")
            case .conditional:
                #expect((conditional == 3 && locked == 0) || (conditional == 1 && locked == 2), "\(before) → \(paths)")
            case .both:
                Issue.record("this test takes one way at a time")
            }
        }
    }

    /// The way a test's records take through the store: records new to the store go through
    /// the locking transaction, records it made itself through the conditional write.
    enum WritePath: String, CustomStringConvertible, Sendable {
        case locking, conditional
        /// Half the records each way, the first of them new to the store.
        case both
        var description: String { rawValue }

        /// Whether the record with this index is new to the store (made through another one).
        func isNew(_ index: Int) -> Bool {
            switch self {
            case .locking: true
            case .conditional: false
            case .both: index % 2 == 0
            }
        }
    }

    @Test(
        "the database stopped while a group is being applied: every waiting caller is answered, and every change answered as applied is committed, once",
        arguments: [WritePath.locking, .conditional, .both])
    func databaseStopsDuringGroup(path: WritePath) async throws {
        let cluster = try await PostgresCluster.start()
        try await withCleanup {
            try await Self.withStores(2, cluster: cluster) { stores in
                let store = stores[0]
                let ids = (0..<32).map { "record\($0)" }
                for (index, id) in ids.enumerated() {
                    try await stores[path.isNew(index) ? 1 : 0].insert(.deck, id: id, state: [], at: Date())
                }
                // Another client holds the row of a record of the store's own, whose change keeps
                // the store's one group in flight, waiting for the lock (no thread waits), until the
                // 32 changes all wait; they then go into one group. A third client holds record0's
                // row: the group waits for it (with both ways, after the conditional write of the
                // store's own records committed), and the database stops meanwhile.
                try await store.insert(.deck, id: "holder", state: [], at: Date())
                let holderLock = try await RowLock.take("holder", in: store, cluster: cluster)
                let recordLock = try await RowLock.take(ids[0], in: store, cluster: cluster)
                let holders = [Task { try await store.update(.deck, id: "holder", at: Date(), Self.append(1)) }]
                try await waitUntil("the holder's change to wait for its row") { try await recordLock.waitingLocks() == 1 }
                let waiting = Task {
                    await withTaskGroup(of: (String, Result<Int?, any Error>).self) { group in
                        for id in ids {
                            group.addTask { (id, await Self.outcome { try await store.update(.deck, id: id, at: Date(), Self.append(1)) }) }
                        }
                        return await group.reduce(into: [(String, Result<Int?, any Error>)]()) { $0.append($1) }
                    }
                }
                try await waitUntil("all 32 changes to wait") { store.waitingChanges == ids.count }
                try await holderLock.release()
                // The holder's group ends; the group of 32 starts and waits for record0's row.
                try await waitUntil("the group of 32 to wait for record0's row") { try await recordLock.waitingLocks() == 1 && store.waitingChanges == 0 }
                try await cluster.stopServer()
                // Every caller is answered, within the connection wait.
                let stopped = ContinuousClock.now
                let answers = try await withThrowingTaskGroup(of: [(String, Result<Int?, any Error>)]?.self) { group in
                    group.addTask { await waiting.value }
                    group.addTask {
                        try await Task.sleep(for: .seconds(30))
                        return nil
                    }
                    let first = try await group.next()!
                    group.cancelAll()
                    return first
                }
                let all = try #require(answers, "a caller waited 30 s without an answer")
                reportRecovery("every caller answered after the database stopped", took: stopped.duration(to: .now), budget: .seconds(30))
                #expect(all.count == ids.count)
                var committed: [String: Int] = [:]
                for (id, result) in all {
                    switch result {
                    case .success(let length): committed[id] = length
                    case .failure(let error):
                        let failure = try #require(error as? ServiceError, "\(error)")
                        #expect(failure.kind == .unavailable, "\(failure)")
                    }
                }
                // With both ways, the store's own records were written and committed before the
                // database stopped: their callers are answered. With the locking way, nobody is:
                // the transaction's rows are locked but its statements cannot finish. With the
                // conditional way alone, the group's one call waits for record0's row; the shutdown
                // also ends the transaction holding it, and the call may take the lock and commit
                // before its own backend ends. Its commit comes before its answer, so then the whole
                // group is answered, or none of it.
                let answered = Set(committed.keys)
                let report = "answered: \(answered.sorted()), \(store.writePaths), \(all.map { "\($0.0): \($0.1)" })"
                switch path {
                case .locking: #expect(answered.isEmpty, "\(report)")
                case .conditional: #expect(answered.isEmpty || answered == Set(ids), "\(report)")
                case .both: #expect(answered == Set(ids.indices.filter { !path.isNew($0) }.map { ids[$0] }), "\(report)")
                }
                for holder in holders { _ = await holder.result }

                try await cluster.startServer()
                try await waitForRecovery("the store reading again after the database came back", budget: .seconds(15)) {
                    (try? await store.read(.deck, id: ids[0])) != nil
                }
                // An answered change is committed, once. One answered unavailable may be committed
                // too, like any change whose answer was lost: the shutdown also ends the transaction
                // holding record0's row, and the group's statement may take the lock and commit
                // before its own backend ends, the commit unconfirmed. Never twice.
                for id in ids {
                    let state = try #require(try await store.read(.deck, id: id))
                    if committed[id] != nil {
                        #expect(state.count == 1, "\(id) was answered but is not committed")
                    } else {
                        #expect(state.count <= 1, "\(id) was answered unavailable and changed \(state.count) times")
                    }
                }
            }
        } cleanup: {
            await cluster.remove()
        }
    }
}
