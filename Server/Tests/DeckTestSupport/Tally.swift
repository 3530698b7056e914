import Synchronization

/// A count that tasks add to and a test waits on: ``reached(_:)`` returns once the count is at
/// least a number, woken by the addition that gets it there (or once the waiting task is
/// cancelled), so no test looks at the count again and again on a timer.
package final class Tally: Sendable {
    private struct State {
        var count = 0
        var waiters: [UInt64: (target: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// The count now.
    package var count: Int { state.withLock { $0.count } }

    /// Adds `amount` to the count, waking those waiting for the count it reaches.
    package func add(_ amount: Int = 1) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count += amount
            let count = state.count
            let woken = state.waiters.filter { $0.value.target <= count }
            for id in woken.keys { state.waiters[id] = nil }
            return woken.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once the count is at least `target`, or once the task is cancelled; answers
    /// whether the count got there.
    @discardableResult
    package func reached(_ target: Int) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    guard state.count < target, state.cancelled.remove(id) == nil else { return true }
                    state.waiters[id] = (target, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                if let waiter = state.waiters.removeValue(forKey: id) { return Optional(waiter) }
                state.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume()
        }
        return count >= target
    }
}
