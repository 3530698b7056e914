import NIOCore

/// The one clock of the benchmark: CLOCK_MONOTONIC in nanoseconds, as `NIODeadline` reads it,
/// so that a time taken here can be handed to `scheduleTask(deadline:)` as it is.
enum Clock {
    /// Now, in nanoseconds of the monotonic clock.
    @inline(__always)
    static func now() -> UInt64 { NIODeadline.now().uptimeNanoseconds }

    /// The deadline at `nanoseconds` of the monotonic clock.
    static func deadline(_ nanoseconds: UInt64) -> NIODeadline { .uptimeNanoseconds(nanoseconds) }

    /// `seconds` as nanoseconds.
    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64((seconds * 1e9).rounded()) }

    /// The milliseconds from `start` to `end`; 0 when `end` came first.
    static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        end > start ? Double(end - start) / 1e6 : 0
    }

    /// Sleeps `seconds` in a task.
    static func sleep(_ seconds: Double) async throws {
        try await Task.sleep(nanoseconds: nanoseconds(seconds))
    }
}

extension Clock {
    /// Sleeps in a task until the monotonic clock reads `time` (at once when it is past).
    static func sleep(until time: UInt64) async throws {
        let now = now()
        if time > now { try await Task.sleep(nanoseconds: time - now) }
    }
}
