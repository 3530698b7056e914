import Synchronization

/// A clock that moves only when a test moves it, for state machines that take their clock as a
/// parameter. Nothing may sleep on it: the code under test only reads `now`.
final class ManualClock: Clock, Sendable {
    /// A point on the clock: how far the test has moved it since its start.
    struct Instant: InstantProtocol {
        /// Time since the clock's start.
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Mutex(Instant(offset: .zero))

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .nanoseconds(1) }

    /// Moves the clock on by `duration`.
    func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }

    /// Moves the clock on to `instant`, which must not be before now.
    func advance(to instant: Instant) {
        current.withLock {
            precondition(instant >= $0, "a ManualClock does not go back")
            $0 = instant
        }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        preconditionFailure("nothing sleeps on a ManualClock: the test moves it")
    }
}
