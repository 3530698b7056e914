/// Unbiased random integers in a range, the same on every platform and Swift version.
///
/// Both methods are Lemire's multiply-and-reject ("Fast random integer generation in an
/// interval", 2019): a 64-bit word `x` times the bound `b` gives a 128-bit product whose high
/// word is the roll and whose low word decides, rarely, to draw again.
@usableFromInline
enum BoundedRandom {
    /// A uniform integer in `0..<bound`; `bound` must be at least 1.
    @inlinable
    static func uniform(below bound: UInt64, using generator: inout some RandomNumberGenerator) -> UInt64 {
        precondition(bound > 0, "bound must be at least 1")
        var (high, low) = generator.next().multipliedFullWidth(by: bound)
        if low < bound {
            let threshold = (0 &- bound) % bound   // 2^64 mod bound
            while low < threshold {
                (high, low) = generator.next().multipliedFullWidth(by: bound)
            }
        }
        return high
    }

    /// The largest product of bounds in one batch of rolls: one 64-bit word is split into rolls
    /// whose bounds multiply to at most 2^56, so a batch is redrawn with probability below 2^-8.
    @usableFromInline static let batchProductLimit: UInt64 = 1 << 56
}
