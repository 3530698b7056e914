import DeckService
import DeckStoreSupport
import DeckTestSupport
import Synchronization
import Testing

/// A stand-in for the database: records as byte strings, and a log of the batches committed.
private final class FakeRecords: Sendable {
    let records = Mutex<[String: [UInt8]]>([:])
    let batches = Mutex<[(id: String, size: Int)]>([])
    /// Commits in flight at once, and the most seen.
    let inFlight = Mutex((now: 0, most: 0))

    /// Records holding `ids`, each empty.
    init(holding ids: [String] = []) {
        records.withLock { records in
            for id in ids { records[id] = [] }
        }
    }

    /// Commits `changes` to record `id` the way the PostgreSQL store does, once `gate` (when
    /// given) is open, or throws `failure` instead when given.
    func commit(
        _ changes: [ChangeBatcher.Change], to id: String,
        gate: (@Sendable () -> Bool)? = nil, failure: (any Error)? = nil
    ) async throws -> [ChangeBatcher.Outcome] {
        inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
        defer { inFlight.withLock { $0.now -= 1 } }
        if let gate { try await waitUntil("the commit's gate to open") { gate() } }
        if let failure { throw failure }
        batches.withLock { $0.append((id, changes.count)) }
        return records.withLock { records in
            guard let state = records[id] else { return Array(repeating: .missing, count: changes.count) }
            let applied = ChangeBatcher.apply(changes, to: state)
            records[id] = applied.state
            return applied.outcomes
        }
    }
}

/// Holds a record's first commit until all `total` changes to it are in its batch or waiting
/// behind it, as they wait behind a database's round trip; later commits go at once, so every
/// change after the first batch comes in full batches.
private final class FirstCommitHold: Sendable {
    private let total: Int
    private let batcher: ChangeBatcher
    private let key: ChangeBatcher.Key
    private let calls = Mutex(0)

    init(_ total: Int, changesTo key: ChangeBatcher.Key, in batcher: ChangeBatcher) {
        (self.total, self.key, self.batcher) = (total, key, batcher)
    }

    /// The gate of the commit of `changes`: for the first commit, open once the others wait;
    /// none for the later ones.
    func gate(for changes: [ChangeBatcher.Change]) -> (@Sendable () -> Bool)? {
        let call = calls.withLock { $0 += 1; return $0 }
        guard call == 1 else { return nil }
        let (size, total, key, batcher) = (changes.count, total, key, batcher)
        return { size + batcher.waitingCount(for: key) == total }
    }
}

private struct Refused: Error, Equatable {
    let value: UInt8
}


/// Refuses the change with an error naming `value`.
private func refuse(_ value: UInt8) -> ChangeBatcher.Change {
    { _ in throw Refused(value: value) }
}

/// Appends `value` to the state and answers the state's length before it: its position.
private func append(_ value: UInt8) -> ChangeBatcher.Change {
    { state in (state + [value], state.count) }
}

@Suite("ChangeBatcher: changes to one record applied in batches, in order, each answered after its commit", .timeLimit(.minutes(1)))
struct ChangeBatcherTests {
    /// The record the tests change.
    static let deck = ChangeBatcher.Key(kind: "deck", id: "deck")

    @Test("200 concurrent changes to one record: each applied once, answers match the final order, far fewer commits")
    func concurrentChangesAreBatched() async throws {
        let batcher = ChangeBatcher(largestBatch: 16)
        let records = FakeRecords(holding: ["deck"])
        let key = Self.deck
        // The first commit waits until every other change waits behind it; the rest then commit
        // in full batches of 16.
        let hold = FirstCommitHold(200, changesTo: key, in: batcher)
        let positions = try await withThrowingTaskGroup(of: (UInt8, Int).self) { group in
            for value in 0..<200 {
                group.addTask {
                    let outcome = try await batcher.submit(key, append(UInt8(value))) {
                        try await records.commit($0, to: "deck", gate: hold.gate(for: $0))
                    }
                    guard case .changed(let position as Int) = outcome else { throw Refused(value: UInt8(value)) }
                    return (UInt8(value), position)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        let final = records.records.withLock { $0["deck"]! }
        #expect(final.count == 200)
        #expect(Set(final).count == 200, "a change was applied twice or lost")
        for (value, position) in positions {
            #expect(final[position] == value, "the answer to \(value) does not match where it was applied")
        }
        let batches = records.batches.withLock { $0 }
        #expect(batches.map(\.size).reduce(0, +) == 200)
        #expect(batches.allSatisfy { $0.size <= 16 })
        let queuedBehindTheFirst = 200 - (batches.first?.size ?? 0)
        #expect(batches.count == 1 + (queuedBehindTheFirst + 15) / 16, "changes were not batched: \(batches.map(\.size))")
        #expect(records.inFlight.withLock { $0.most } == 1, "two batches of one record were in flight at once")
    }

    @Test("a refused change leaves the state alone; the changes around it in its batch apply")
    func refusedChange() async throws {
        let batcher = ChangeBatcher()
        let records = FakeRecords(holding: ["deck"])
        let key = Self.deck
        let hold = FirstCommitHold(30, changesTo: key, in: batcher)
        let outcomes = try await withThrowingTaskGroup(
            of: (UInt8, ChangeBatcher.Outcome).self, returning: [UInt8: ChangeBatcher.Outcome].self
        ) { group in
            for value in UInt8(0)..<30 {
                let change = value % 3 == 0 ? refuse(value) : append(value)
                group.addTask {
                    let outcome = try await batcher.submit(key, change) { try await records.commit($0, to: "deck", gate: hold.gate(for: $0)) }
                    return (value, outcome)
                }
            }
            var outcomes: [UInt8: ChangeBatcher.Outcome] = [:]
            for try await (value, outcome) in group { outcomes[value] = outcome }
            return outcomes
        }
        for (value, outcome) in outcomes {
            if value % 3 == 0 {
                guard case .refused(let error) = outcome else { Issue.record("\(value) was not refused"); continue }
                #expect(error as? Refused == Refused(value: value))
            } else {
                guard case .changed = outcome else { Issue.record("\(value) was not applied"); continue }
            }
        }
        let final = records.records.withLock { $0["deck"]! }
        #expect(Set(final) == Set((UInt8(0)..<30).filter { $0 % 3 != 0 }))
        #expect(final.count == 20)
        #expect(records.batches.withLock { $0.count } <= 2, "the changes were not batched")
    }

    @Test("a failed commit fails its batch and the changes queued behind it at once; later changes commit")
    func failedCommit() async throws {
        struct DatabaseDown: Error {}
        let batcher = ChangeBatcher()
        let records = FakeRecords(holding: ["deck"])
        let key = Self.deck
        let attempts = Mutex(0)
        let open = Mutex(false)
        let failing: @Sendable ([ChangeBatcher.Change]) async throws -> [ChangeBatcher.Outcome] = { changes in
            attempts.withLock { $0 += 1 }
            return try await records.commit(changes, to: "deck", gate: { open.withLock { $0 } }, failure: DatabaseDown())
        }
        let first = Task { try await batcher.submit(key, append(0), commit: failing) }
        try await waitUntil("the first commit in flight") { records.inFlight.withLock { $0.now } == 1 }
        let queued = Task {
            await withTaskGroup(of: (any Error)?.self) { group in
                for value in UInt8(1)...10 {
                    group.addTask {
                        do {
                            _ = try await batcher.submit(key, append(value), commit: failing)
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await waitUntil("10 changes waiting") { batcher.waitingCount(for: key) == 10 }
        open.withLock { $0 = true }
        await #expect(throws: DatabaseDown.self) { try await first.value }
        let errors = await queued.value
        #expect(errors.count == 10 && errors.allSatisfy { $0 is DatabaseDown })
        #expect(attempts.withLock { $0 } == 1, "the queued changes each tried the database again")
        #expect(records.records.withLock { $0["deck"]! }.isEmpty)

        let later = try await batcher.submit(key, append(42)) { try await records.commit($0, to: "deck") }
        guard case .changed = later else { Issue.record("the change after the failure was not applied"); return }
        #expect(records.records.withLock { $0["deck"]! } == [42])
    }

    @Test("cancelling the caller that leads a batch does not cancel the others' changes in it")
    func cancelledLeader() async throws {
        let batcher = ChangeBatcher()
        let records = FakeRecords(holding: ["deck"])
        let key = Self.deck
        // Commit number n waits until `opened` reaches n.
        let started = Mutex(0)
        let opened = Mutex(0)
        // Commits that found their task cancelled once their gate opened.
        let cancelled = Mutex(0)
        let commit: @Sendable ([ChangeBatcher.Change]) async throws -> [ChangeBatcher.Outcome] = { changes in
            let number = started.withLock { $0 += 1; return $0 }
            return try await records.commit(changes, to: "deck", gate: {
                guard opened.withLock({ $0 }) >= number else { return false }
                if Task.isCancelled { cancelled.withLock { $0 += 1 } }
                return true
            })
        }
        // A's batch is in flight while L and then the others queue up; L leads the next batch,
        // which holds the others too, and is cancelled while that batch commits.
        let first = Task { try await batcher.submit(key, append(0), commit: commit) }
        try await waitUntil("the first commit in flight") { records.inFlight.withLock { $0.now } == 1 }
        let leader = Task { try await batcher.submit(key, append(1), commit: commit) }
        try await waitUntil("the leader waiting") { batcher.waitingCount(for: key) == 1 }
        let others = Task {
            try await withThrowingTaskGroup(of: ChangeBatcher.Outcome.self) { group in
                for value in UInt8(2)...11 {
                    group.addTask { try await batcher.submit(key, append(value), commit: commit) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await waitUntil("11 changes waiting") { batcher.waitingCount(for: key) == 11 }
        opened.withLock { $0 = 1 }
        _ = try await first.value
        try await waitUntil("the second batch committing, nothing waiting") { started.withLock { $0 } == 2 && batcher.waitingCount(for: key) == 0 }
        // The cancel is done before the gate opens: a commit in the leader's task would see it.
        leader.cancel()
        opened.withLock { $0 = 2 }
        _ = try? await leader.value
        let outcomes = try await others.value
        #expect(cancelled.withLock { $0 } == 0, "the batch's commit ran in the cancelled leader's task")
        #expect(records.batches.withLock { $0.map(\.size) } == [1, 11])
        #expect(outcomes.allSatisfy { if case .changed = $0 { true } else { false } })
        #expect(records.records.withLock { Set($0["deck"]!) } == Set(UInt8(0)...11))
    }

    @Test("a missing record answers every change of the batch as missing")
    func missingRecord() async throws {
        let batcher = ChangeBatcher()
        let records = FakeRecords()
        let key = ChangeBatcher.Key(kind: "deck", id: "gone")
        let hold = FirstCommitHold(10, changesTo: key, in: batcher)
        let outcomes = try await withThrowingTaskGroup(of: ChangeBatcher.Outcome.self) { group in
            for value in UInt8(0)..<10 {
                group.addTask { try await batcher.submit(key, append(value)) { try await records.commit($0, to: "gone", gate: hold.gate(for: $0)) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(records.batches.withLock { $0.count } <= 2, "the changes were not batched")
        #expect(outcomes.count == 10)
        #expect(outcomes.allSatisfy { if case .missing = $0 { true } else { false } })
    }

    @Test("changes to different records do not wait for each other")
    func recordsAreIndependent() async throws {
        let batcher = ChangeBatcher()
        let records = FakeRecords(holding: (0..<8).map { "deck\($0)" })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<8 {
                group.addTask {
                    _ = try await batcher.submit(ChangeBatcher.Key(kind: "deck", id: "deck\(id)"), append(1)) {
                        // Each commit waits until all eight are in flight: one record's commit
                        // holding up another's would keep this gate shut.
                        try await records.commit($0, to: "deck\(id)", gate: { records.inFlight.withLock { $0.most } == 8 })
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(records.inFlight.withLock { $0.most } == 8, "commits of different records ran one at a time")
    }
}
