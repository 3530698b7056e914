/// The clock the table events keep time by: keep-alives, the periodic reads and the drags'
/// pace. It reads another clock as the time since it was made, so that the parts keeping
/// times need not be generic over that clock: the server gives the continuous clock, a test
/// one it moves.
public struct EventClock: Clock {
    /// A reading: the time since the clock was made.
    public struct Instant: InstantProtocol {
        /// The time since the clock was made.
        public var offset: Duration

        /// The instant `duration` after this one.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let read: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Reads `clock` from now on.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        read = { start.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
        minimumResolution = clock.minimumResolution
    }

    /// The continuous clock, from now on.
    public static var continuous: EventClock { EventClock(ContinuousClock()) }

    /// The time since the clock was made.
    public var now: Instant { Instant(offset: read()) }

    /// The resolution of the clock read.
    public let minimumResolution: Duration

    /// Sleeps until `deadline` on the clock read; throws `CancellationError` when cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleeper(deadline.offset)
    }
}
