/// xoshiro256** (Blackman & Vigna, 2018): a fast 256-bit-state generator, the engine of the
/// reproducible ``ShuffleAlgorithm/v1`` shuffle. Not cryptographically secure: anyone who sees
/// enough output can predict the rest. Use ``SecureRandom`` where that matters.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    @usableFromInline var s0, s1, s2, s3: UInt64

    /// A generator whose state is derived from the seed by ``ShuffleAlgorithm/v1``'s mixing.
    ///
    /// The mixing is a bijection of 256 bits, so distinct seeds give distinct states, and every
    /// state word depends on every seed word (seeds 0 and 1 give unrelated streams). The one
    /// seed that would mix to the forbidden all-zero state gets `s0 = 1` instead.
    @inlinable
    public init(seed: ShuffleSeed) {
        // Forward then backward chains of the SplitMix64 finaliser: each step is invertible.
        let (w0, w1, w2, w3) = seed.words
        let f0 = Self.mix(w0)
        let f1 = Self.mix(w1 ^ f0)
        let f2 = Self.mix(w2 ^ f1)
        let f3 = Self.mix(w3 ^ f2)
        s3 = Self.mix(f3 ^ 0x9E37_79B9_7F4A_7C15)
        s2 = Self.mix(f2 ^ s3)
        s1 = Self.mix(f1 ^ s2)
        s0 = Self.mix(f0 ^ s1)
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    /// A generator with exactly this state; at least one word must be non-zero.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state.0 | state.1 | state.2 | state.3 != 0, "xoshiro256** state must not be all zero")
        (s0, s1, s2, s3) = state
    }

    /// The SplitMix64 output function, a bijection on 64-bit words.
    @inlinable
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// Masking shifts, always inlined: the pair compiles to one rotate instruction.
    @inlinable @inline(__always)
    func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x &<< k) | (x &>> (64 &- k))
    }
}
