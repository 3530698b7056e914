#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on the wall clock, to the millisecond: when a card was turned.
///
/// A wall-clock time rather than a monotonic one, because a saved game may be restored by
/// another process and must still know when its turn began. Saved as the whole number of
/// milliseconds since 1970-01-01 00:00 UTC.
public struct MemoryTime: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970-01-01 00:00 UTC.
    public let millisecondsSince1970: Int64

    /// The moment this many milliseconds after 1970-01-01 00:00 UTC.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The moment this many seconds after 1970-01-01 00:00 UTC (clamped to the range of
    /// milliseconds an `Int64` holds, some 292 million years either way).
    public init(secondsSince1970: Int64) {
        let (milliseconds, overflow) = secondsSince1970.multipliedReportingOverflow(by: 1000)
        self.init(millisecondsSince1970: overflow ? (secondsSince1970 < 0 ? .min : .max) : milliseconds)
    }

    /// The system's wall clock now.
    public static var now: MemoryTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return MemoryTime(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    /// The whole seconds from `earlier` to this moment, rounded down; 0 when this moment is
    /// not later (a clock set back must not give a bonus above the maximum).
    public func wholeSeconds(since earlier: MemoryTime) -> Int64 {
        guard self > earlier else { return 0 }
        let (difference, overflow) = millisecondsSince1970.subtractingReportingOverflow(earlier.millisecondsSince1970)
        return (overflow ? Int64.max : difference) / 1000
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: MemoryTime, rhs: MemoryTime) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// Decodes a moment from its milliseconds since 1970.
    public init(from decoder: any Decoder) throws {
        try self.init(millisecondsSince1970: decoder.singleValueContainer().decode(Int64.self))
    }

    /// Encodes the moment as its milliseconds since 1970.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSince1970)
    }
}
