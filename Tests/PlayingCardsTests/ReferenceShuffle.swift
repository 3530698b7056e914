import PlayingCards

/// A plain, slow implementation of `spc-shuffle-v1` written from its documentation
/// (`ShuffleAlgorithm.v1`), to check the library's batched implementation against the text.
enum ReferenceShuffle {
    static func splitMix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Step 1: the xoshiro256** state mixed from the seed.
    static func state(_ seed: ShuffleSeed) -> [UInt64] {
        let w = [seed.words.0, seed.words.1, seed.words.2, seed.words.3]
        var f = [UInt64](repeating: 0, count: 4)
        f[0] = splitMix(w[0])
        for i in 1..<4 { f[i] = splitMix(w[i] ^ f[i - 1]) }
        var s = [UInt64](repeating: 0, count: 4)
        s[3] = splitMix(f[3] ^ 0x9E37_79B9_7F4A_7C15)
        for i in stride(from: 2, through: 0, by: -1) { s[i] = splitMix(f[i] ^ s[i + 1]) }
        if s.allSatisfy({ $0 == 0 }) { s[0] = 1 }
        return s
    }

    /// Steps 2 and 3 over any source of 64-bit words.
    static func shuffle<T>(_ items: [T], words next: () -> UInt64) -> [T] {
        var items = items
        var i = items.count - 1
        while i > 0 {
            // Group bounds i+1, i, ... greedily while the product stays at most 2^56.
            var bounds: [UInt64] = [UInt64(i + 1)]
            var product = UInt64(i + 1)
            while i - bounds.count >= 1 {
                let next = UInt64(i - bounds.count + 1)
                let (p, overflow) = product.multipliedReportingOverflow(by: next)
                if overflow || p > (1 << 56) { break }
                bounds.append(next)
                product = p
            }
            var rolls: [Int] = []
            while true {
                var x = next()
                rolls = []
                for bound in bounds {
                    let (hi, lo) = x.multipliedFullWidth(by: bound)
                    rolls.append(Int(hi))
                    x = lo
                }
                let threshold = (0 &- product) % product
                if x >= threshold { break }
            }
            for (offset, roll) in rolls.enumerated() { items.swapAt(i - offset, roll) }
            i -= bounds.count
        }
        return items
    }

    static func shuffle<T>(_ items: [T], seed: ShuffleSeed) -> [T] {
        var s = state(seed)
        return shuffle(items) {
            let result = ((s[1] &* 5) << 7 | (s[1] &* 5) >> 57) &* 9
            let t = s[1] << 17
            s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
            s[3] = s[3] << 45 | s[3] >> 19
            return result
        }
    }
}
