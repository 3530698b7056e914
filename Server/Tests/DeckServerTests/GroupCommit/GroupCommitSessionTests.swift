import DeckTestSupport
import DeckService
import DeckStorePostgres
import Foundation
import Synchronization
import Testing
import DeckStoreSupport

/// The PostgreSQL store's group commit with sessions of its own making: how groups share a
/// session, and what becomes of a group whose session ends, cannot open, or never answers.
@Suite("Group commit sessions")
struct GroupCommitSessionTests {
    /// A value shared by concurrent tasks and closures.
    final class Locked<Value: Sendable>: Sendable {
        private let value: Mutex<Value>

        init(_ value: Value) {
            self.value = Mutex(value)
        }

        func withLock<T>(_ body: (inout Value) -> T) -> T {
            value.withLock { body(&$0) }
        }
    }

    /// A session that counts how often it opened and lends `commit`; it refuses to open while
    /// `refusal` is set.
    final class FakeSessions: Sendable {
        let opened = Locked(0)
        let refusal = Locked<(any Error)?>(nil)
        let commit: GroupCommit.Commit

        init(commit: @escaping GroupCommit.Commit) {
            self.commit = commit
        }

        var session: GroupCommit.Session {
            { [self] body in
                if let error = refusal.withLock({ $0 }) { throw error }
                opened.withLock { $0 += 1 }
                await body(commit)
            }
        }
    }

    /// A commit that appends each change's result to a record's state in memory: every record
    /// exists, and each change's result is its record's new length.
    static func applying(_ states: Locked<[String: [UInt8]]>) -> GroupCommit.Commit {
        { records in
            records.map { record in
                let state = states.withLock { $0[record.id, default: []] }
                let (newState, outcomes, _) = ChangeBatcher.apply(record.changes, to: state)
                states.withLock { $0[record.id] = newState }
                return outcomes
            }
        }
    }

    /// Runs `body` with a group commit that `run()` serves meanwhile, timed on a clock the test
    /// moves (nothing goes off unless the test moves it and fires the timer).
    static func withGroups<T: Sendable>(
        largestGroup: Int = 128, deadline: Duration = .seconds(10), onDeadline: @escaping @Sendable (Int) -> Void = { _ in },
        _ body: @Sendable (GroupCommit, CoarseTimer<ManualClock>) async throws -> T
    ) async throws -> T {
        let timer = CoarseTimer(clock: ManualClock())
        let groups = GroupCommit(largestGroup: largestGroup, deadline: deadline, timer: timer, onDeadline: onDeadline)
        return try await withThrowingTaskGroup(of: T?.self) { tasks in
            tasks.addTask {
                await groups.run()
                return nil
            }
            defer { tasks.cancelAll() }
            return try await body(groups, timer)
        }
    }

    /// Appends `byte`; the result is the new length.
    static func append(_ byte: UInt8) -> ChangeBatcher.Change {
        { state in (state + [byte], state.count + 1) }
    }

    /// Submits one change to each of `ids` at once and returns each caller's result.
    static func submitAll(
        _ ids: [String], to groups: GroupCommit, session: @escaping GroupCommit.Session
    ) async -> [String: Result<ChangeBatcher.Outcome, any Error>] {
        await withTaskGroup(of: (String, Result<ChangeBatcher.Outcome, any Error>).self) { group in
            for id in ids {
                group.addTask {
                    do {
                        return (id, .success(try await groups.submit(id: id, at: Date(), append(1), session: session)))
                    } catch {
                        return (id, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    @Test("groups that follow one another without a pause share one session; after a pause, a new one opens")
    func groupsShareASession() async throws {
        try await Self.withGroups(largestGroup: 4) { groups, _ in
            let states = Locked<[String: [UInt8]]>([:])
            let gate = Locked(0)
            // The first group waits until the others wait too; they then follow it.
            let sessions = FakeSessions { records in
                if gate.withLock({ $0 += 1; return $0 }) == 1 { try await waitUntil("the other 19 changes to wait") { groups.waitingCount == 19 } }
                return try await Self.applying(states)(records)
            }
            let answers = await Self.submitAll((0..<20).map { "r\($0)" }, to: groups, session: sessions.session)
            #expect(answers.count == 20)
            for (id, answer) in answers {
                let result = try answer.get().result(as: Int.self)
                #expect(result == 1, "\(id)")
            }
            let statistics = groups.statistics
            #expect(statistics.groups >= 5, "20 changes in groups of at most 4: \(statistics)")
            #expect(sessions.opened.withLock { $0 } < statistics.groups, "\(statistics), sessions \(sessions.opened.withLock { $0 })")
            #expect(statistics.sessions == sessions.opened.withLock { $0 })

            // Nothing waits now: the session ended, and the next change opens a new one.
            let before = sessions.opened.withLock { $0 }
            _ = try await groups.submit(id: "later", at: Date(), Self.append(1), session: sessions.session)
            #expect(sessions.opened.withLock { $0 } == before + 1)
        }
    }

    @Test("a session that ended before a group began (its connection closed) hands the group to a new session: its callers are answered as if nothing happened")
    func endedSessionRetries() async throws {
        try await Self.withGroups { groups, _ in
            let states = Locked<[String: [UInt8]]>([:])
            let calls = Locked(0)
            // The first group waits until the others wait too; the second group's commit finds its
            // session's connection closed.
            let sessions = FakeSessions { records in
                let call = calls.withLock { $0 += 1; return $0 }
                if call == 1 { try await waitUntil("the other 9 changes to wait") { groups.waitingCount == 9 } }
                if call == 2 { throw GroupCommit.SessionEnded() }
                return try await Self.applying(states)(records)
            }
            let answers = await Self.submitAll((0..<10).map { "r\($0)" }, to: groups, session: sessions.session)
            for (id, answer) in answers {
                let result = try answer.get().result(as: Int.self)
                #expect(result == 1, "\(id)")
            }
            #expect(states.withLock { $0.values.map(\.count) } == Array(repeating: 1, count: 10))
            #expect(sessions.opened.withLock { $0 } == 2)
            #expect(groups.statistics.groups == 2)
        }
    }

    @Test("a group whose sessions all end before it begins is answered unavailable after three, not retried for ever")
    func endedSessionsGiveUp() async throws {
        try await Self.withGroups { groups, _ in
            let sessions = FakeSessions { _ in throw GroupCommit.SessionEnded() }
            let answers = await Self.submitAll(["a"], to: groups, session: sessions.session)
            var failure: ServiceError?
            if case .failure(let error) = answers["a"] { failure = error as? ServiceError }
            #expect(failure?.kind == .unavailable, "\(String(describing: answers["a"]))")
            #expect(sessions.opened.withLock { $0 } == GroupCommit.sessionAttempts)
        }
    }

    @Test("a group that was partly committed is answered with its outcomes, and its session ends: the next group opens a new one")
    func partlyCommitted() async throws {
        try await Self.withGroups { groups, _ in
            let calls = Locked(0)
            let sessions = FakeSessions { records in
                guard calls.withLock({ $0 += 1; return $0 }) == 1 else { return records.map { $0.changes.map { _ in .changed(1) } } }
                throw GroupCommit.PartlyCommitted(outcomes: [[.changed(7)]])
            }
            let first = try await groups.submit(id: "a", at: Date(), Self.append(1), session: sessions.session)
            #expect(try first.result(as: Int.self) == 7)
            _ = try await groups.submit(id: "b", at: Date(), Self.append(1), session: sessions.session)
            #expect(sessions.opened.withLock { $0 } == 2)
        }
    }

    @Test("a session that cannot open (no connection to be had) fails its groups' changes with its error; the next change opens one again")
    func refusedSession() async throws {
        struct NoConnection: Error {}
        try await Self.withGroups { groups, _ in
            let states = Locked<[String: [UInt8]]>([:])
            let sessions = FakeSessions(commit: Self.applying(states))
            sessions.refusal.withLock { $0 = NoConnection() }
            let answers = await Self.submitAll(["a", "b", "c"], to: groups, session: sessions.session)
            #expect(answers.count == 3)
            for (id, answer) in answers {
                #expect(throws: NoConnection.self, "\(id)") { try answer.get() }
            }
            #expect(states.withLock { $0.isEmpty })
            sessions.refusal.withLock { $0 = nil }
            let outcome = try await groups.submit(id: "a", at: Date(), Self.append(1), session: sessions.session)
            #expect(try outcome.result(as: Int.self) == 1)
        }
    }

    @Test("a commit with no answer by the deadline: its callers get unavailable then, not before, and the next groups go on in a new session")
    func deadline() async throws {
        let missed = Locked<[Int]>([])
        try await Self.withGroups(deadline: .milliseconds(300), onDeadline: { changes in missed.withLock { $0.append(changes) } }) { groups, timer in
            let states = Locked<[String: [UInt8]]>([:])
            let stuck = Locked(true)
            let hanging = Locked(false)
            let sessions = FakeSessions { records in
                if stuck.withLock({ let was = $0; $0 = false; return was }) {
                    // The first commit hangs, as on a connection that never answers, until the
                    // test ends (its task group cancels it).
                    hanging.withLock { $0 = true }
                    while !Task.isCancelled { await Task.yield() }
                }
                return try await Self.applying(states)(records)
            }
            let hung = Task { await Self.submitAll(["hung"], to: groups, session: sessions.session) }
            try await waitUntil("the first commit to hang with its deadline set") {
                hanging.withLock { $0 } && timer.alarmCount == 1
            }
            timer.clock.advance(by: .milliseconds(299))
            #expect(timer.fireDue() == 0, "the deadline went off early")
            timer.clock.advance(by: .milliseconds(1))
            #expect(timer.fireDue() == 1)
            #expect(missed.withLock { $0 } == [1], "the store is told of the group that had no answer")
            let first = await hung.value
            var failure: ServiceError?
            if case .failure(let error) = first["hung"] { failure = error as? ServiceError }
            let unavailable = try #require(failure, "\(String(describing: first["hung"]))")
            #expect(unavailable.kind == .unavailable)
            let next = try await groups.submit(id: "next", at: Date(), Self.append(1), session: sessions.session)
            #expect(try next.result(as: Int.self) == 1)
            #expect(sessions.opened.withLock { $0 } == 2)
        }
    }

    @Test("a group commit that stops fails the groups that have not begun, waits for its sessions, and fails what comes later at once")
    func stopping() async throws {
        let timer = CoarseTimer(clock: ManualClock())
        let groups = GroupCommit(timer: timer)
        let release = Locked(false)
        let began = Locked(0)
        let sessions = FakeSessions { records in
            began.withLock { $0 += 1 }
            while !release.withLock({ $0 }) { await Task.yield() }
            return records.map { $0.changes.map { _ in .changed(1) } }
        }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await groups.run() }
            let first = Task { try await groups.submit(id: "a", at: Date(), Self.append(1), session: sessions.session) }
            try await waitUntil("the first group to begin") { began.withLock { $0 } == 1 }
            let waiting = Task { try await groups.submit(id: "a", at: Date(), Self.append(1), session: sessions.session) }
            try await waitUntil("the second change to wait") { groups.waitingCount == 1 }
            groups.stop()
            release.withLock { $0 = true }
            #expect(try await first.value.result(as: Int.self) == 1, "the group in flight ends as its session does")
            // The waiting change goes into a group once the first ends, and that group is not served.
            await #expect(throws: ServiceError.self) { try await waiting.value }
            try await tasks.waitForAll()
            await #expect(throws: ServiceError.self) {
                try await groups.submit(id: "b", at: Date(), Self.append(1), session: sessions.session)
            }
            #expect(began.withLock { $0 } == 1)
        }
    }
}
