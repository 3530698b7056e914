/// A versioned shuffle algorithm: what turns a ``ShuffleSeed`` into an order of cards.
///
/// A version never changes once published, so a seed saved today gives the same order with
/// any later release, on any platform. A new algorithm gets a new version; the old one stays.
public enum ShuffleAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// `spc-shuffle-v1`:
    ///
    /// 1. **Generator**: xoshiro256** with its state mixed from the seed's four little-endian
    ///    words `w0…w3`: with `m` the SplitMix64 finaliser,
    ///    `f0 = m(w0)`, `f1 = m(w1 ^ f0)`, `f2 = m(w2 ^ f1)`, `f3 = m(w3 ^ f2)`, then
    ///    `s3 = m(f3 ^ 0x9E3779B97F4A7C15)`, `s2 = m(f2 ^ s3)`, `s1 = m(f1 ^ s2)`, `s0 = m(f0 ^ s1)`
    ///    (an all-zero result becomes `s0 = 1`).
    /// 2. **Bounded integers**: batched Lemire rolls. For `i` from `n − 1` down to 1, bounds
    ///    `i + 1, i, …` are grouped greedily while their product `P ≤ 2^56`. One word `x` makes
    ///    the group: `(hi, lo) = x × b` (128-bit), `hi` is the roll, `x = lo` feeds the next bound.
    ///    If the final `lo < (2^64 − P) mod P`, the group is undone and redone with the next word.
    /// 3. **Permutation**: Fisher–Yates from the back: swap position `i` with the roll `j ∈ 0...i`.
    ///    Position 0 is the deck's top card.
    case v1 = "spc-shuffle-v1"

    /// The algorithm new code should use.
    public static let latest = ShuffleAlgorithm.v1
}
