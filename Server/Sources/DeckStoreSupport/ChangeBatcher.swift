import DeckService
import Synchronization

/// Groups the changes to one record that arrive while a transaction on it is in flight, so the
/// next transaction applies them all: what a store pays per transaction (the hop to the
/// database's thread and the commit for SQLite) is paid once per batch instead of once per
/// request. The PostgreSQL store groups changes across records instead (its `GroupCommit`), and
/// uses this type's ``Change``, ``Outcome`` and ``apply(_:to:)``.
///
/// Changes to one record are applied one after another in the order they arrived, each to the
/// state the one before it left, exactly as if each had its own transaction; and each caller
/// hears of its own change only after the transaction holding it committed. The first caller
/// to find the record idle leads: it runs one batch of itself and the changes waiting, answers
/// the others, and hands the lead to the next waiting caller, if any. A change is applied once
/// it is queued, even if its caller's task is cancelled meanwhile (a client that went away):
/// like a request whose answer was lost, it counts.
package final class ChangeBatcher: Sendable {
    /// One change: the new state and the caller's result, computed from the current state; it
    /// throws to refuse the change, which then leaves the state as it was.
    package typealias Change = @Sendable ([UInt8]) throws -> (state: [UInt8], result: any Sendable)

    /// What became of one change of a batch.
    package enum Outcome: Sendable {
        /// Applied and committed, with the change's result.
        case changed(any Sendable)
        /// Refused by the change itself; nothing was changed for it.
        case refused(any Error)
        /// The record does not exist.
        case missing

        /// What ``RecordStore/update(_:id:at:_:)`` makes of it: the change's result, `nil` when
        /// the record does not exist, or the change's own error when it refused.
        package func result<Result>(as type: Result.Type) throws -> Result? {
            switch self {
            case .missing:
                return nil
            case .refused(let error):
                throw error
            case .changed(let result):
                guard let result = result as? Result else { preconditionFailure("a change's result changed type") }
                return result
            }
        }
    }

    /// A record.
    package struct Key: Hashable, Sendable {
        package var kind: String
        package var id: String

        package init(kind: String, id: String) {
            self.kind = kind
            self.id = id
        }
    }

    private enum Turn: Sendable {
        case lead
        case finished(Result<Outcome, any Error>)
    }

    private struct Waiter: Sendable {
        let change: Change
        let turn: CheckedContinuation<Turn, Never>
    }

    /// The changes waiting for a record whose batch is in flight.
    private struct Line {
        var waiting: [Waiter] = []
    }

    private let lines = Mutex<[Key: Line]>([:])

    /// Applies `changes` one after another to `state`: each to the state the one before left,
    /// a refused one leaving it as it was. `changed` tells whether any applied.
    package static func apply(
        _ changes: [Change], to state: [UInt8]
    ) -> (state: [UInt8], outcomes: [Outcome], changed: Bool) {
        var state = state
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(changes.count)
        var changed = false
        for change in changes {
            do {
                let (newState, result) = try change(state)
                state = newState
                changed = true
                outcomes.append(.changed(result))
            } catch {
                outcomes.append(.refused(error))
            }
        }
        return (state, outcomes, changed)
    }

    /// The changes waiting for `key`'s batch in flight (for tests).
    package func waitingCount(for key: Key) -> Int {
        lines.withLock { $0[key]?.waiting.count ?? 0 }
    }
    /// The most changes one transaction applies.
    package let largestBatch: Int

    package init(largestBatch: Int = 64) {
        precondition(largestBatch >= 1)
        self.largestBatch = largestBatch
    }

    /// Applies `change` to the record `key` in a batch that `commit` applies in one transaction,
    /// and returns what became of it. `commit` gets the batch's changes in order and returns an
    /// outcome for each; when it throws, every change of the batch gets its error.
    package func submit(
        _ key: Key, _ change: @escaping Change,
        commit: @escaping @Sendable ([Change]) async throws -> [Outcome]
    ) async throws -> Outcome {
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
            let leads = lines.withLock { lines -> Bool in
                if lines[key] != nil {
                    lines[key]!.waiting.append(Waiter(change: change, turn: continuation))
                    return false
                }
                lines[key] = Line()
                return true
            }
            if leads { continuation.resume(returning: .lead) }
        }
        switch turn {
        case .finished(let outcome):
            return try outcome.get()
        case .lead:
            return try await lead(key, own: change, commit: commit)
        }
    }

    /// ``submit(_:_:commit:)`` for a change with a typed result, as ``RecordStore/update(_:id:at:_:)``
    /// takes it: returns its result, `nil` when the record does not exist, and rethrows the
    /// change's own error when it refused.
    package func update<Result: Sendable>(
        _ key: Key, _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result),
        commit: @escaping @Sendable ([Change]) async throws -> [Outcome]
    ) async throws -> Result? {
        let outcome = try await submit(key, { state in
            let (newState, result) = try change(state)
            return (newState, result)
        }, commit: commit)
        return try outcome.result(as: Result.self)
    }

    /// Runs one batch: this caller's change first, then those waiting (up to ``largestBatch``).
    private func lead(
        _ key: Key, own change: @escaping Change, commit: @escaping @Sendable ([Change]) async throws -> [Outcome]
    ) async throws -> Outcome {
        let others = lines.withLock { lines -> [Waiter] in
            let count = min(lines[key]!.waiting.count, largestBatch - 1)
            defer { lines[key]!.waiting.removeFirst(count) }
            return Array(lines[key]!.waiting.prefix(count))
        }
        // The batch holds other callers' changes, so cancelling this caller's task (its client
        // went away) must not cancel their commit: the commit runs in a task of its own, which
        // this caller awaits to its end.
        let changes = [change] + others.map(\.change)
        let outcomes = await Task {
            let all = try await commit(changes)
            precondition(all.count == changes.count, "a batch's commit must give one outcome per change")
            return all
        }.result
        for (index, waiter) in others.enumerated() {
            waiter.turn.resume(returning: .finished(outcomes.map { $0[index + 1] }))
        }
        // After a failed commit (the database is down, say) the changes queued behind it fail
        // at once with the same error, instead of each waiting its turn to fail in its own
        // batch. Otherwise the next caller in line leads the next batch.
        let (next, failed) = lines.withLock { lines -> (Waiter?, [Waiter]) in
            if case .failure = outcomes {
                defer { lines[key] = nil }
                return (nil, lines[key]!.waiting)
            }
            if lines[key]!.waiting.isEmpty {
                lines[key] = nil
                return (nil, [])
            }
            return (lines[key]!.waiting.removeFirst(), [])
        }
        if case .failure(let error) = outcomes {
            for waiter in failed { waiter.turn.resume(returning: .finished(.failure(error))) }
        }
        next?.turn.resume(returning: .lead)
        return try outcomes.get()[0]
    }
}
