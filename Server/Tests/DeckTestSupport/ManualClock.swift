import Synchronization

/// A clock that moves only when a test moves it. Code under test may read it or sleep on it: a
/// sleeper wakes once the test moves the clock to its deadline, and
/// ``waitForSleepers(_:)`` lets the test wait until the code under test has gone to sleep, so
/// that no test waits on real time.
package final class ManualClock: Clock, Sendable {
    /// A point on the clock: how far the test has moved it since its start.
    package struct Instant: InstantProtocol {
        /// Time since the clock's start.
        package var offset: Duration

        package init(offset: Duration) { self.offset = offset }
        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before they began waiting.
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
        /// Tests waiting for a number of sleepers.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The watchers whose count of sleepers is reached, taken out.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let ready = watchers.filter { sleepers.count >= $0.count }.map(\.continuation)
            watchers.removeAll { sleepers.count >= $0.count }
            return ready
        }
    }

    private let state = Mutex(State())

    package init() {}

    package var now: Instant { state.withLock { $0.now } }
    package var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleep on the clock now.
    package var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock on by `duration`, waking the sleepers whose deadline it reaches.
    package func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock on to `instant`, which must not be before now, waking the sleepers
    /// whose deadline it reaches.
    package func advance(to instant: Instant) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            precondition(instant >= state.now, "a ManualClock does not go back")
            state.now = instant
            let due = state.sleepers.filter { $0.value.deadline <= instant }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once at least `count` sleep on the clock.
    package func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard state.sleepers.count < count else { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case wait([CheckedContinuation<Void, Never>]), now, cancelled }
                let start = state.withLock { state -> Start in
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .now }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .wait(state.satisfiedWatchers())
                }
                switch start {
                case .wait(let watchers): for watcher in watchers { watcher.resume() }
                case .now: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
