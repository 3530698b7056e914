import Memorize

/// A clock the test moves by hand, so every time bonus is exact.
struct FakeClock {
    private(set) var now = MemoryTime(secondsSince1970: 1_800_000_000)

    /// Moves the clock on by `milliseconds` (back, when negative).
    mutating func advance(milliseconds: Int64) {
        now = MemoryTime(millisecondsSince1970: now.millisecondsSince1970 + milliseconds)
    }

    /// Moves the clock on by whole seconds.
    mutating func advance(seconds: Int64) {
        advance(milliseconds: seconds * 1000)
    }
}
