/// The ChaCha20 block function (Bernstein 2008; RFC 8439), four blocks at a time in SIMD lanes.
///
/// State layout: words 0–3 the constants, 4–11 the key, 12–13 a 64-bit block counter (low word
/// first), 14–15 a 64-bit nonce. For counters below 2^32 this is RFC 8439's layout with the
/// nonce `00000000 ‖ nonce`.
@usableFromInline
enum ChaCha20 {
    /// Writes four consecutive keystream blocks (counters `counter` to `counter + 3`) as
    /// 32 little-endian 64-bit words: word `k` holds keystream bytes `8k` to `8k + 7`.
    ///
    /// The four blocks are computed side by side, one per SIMD lane.
    @usableFromInline
    static func fourBlocks(key: SIMD8<UInt32>, counter: UInt64, nonce: UInt64, into output: UnsafeMutablePointer<UInt64>) {
        let c0 = SIMD4<UInt32>(repeating: 0x6170_7865), c1 = SIMD4<UInt32>(repeating: 0x3320_646E)
        let c2 = SIMD4<UInt32>(repeating: 0x7962_2D32), c3 = SIMD4<UInt32>(repeating: 0x6B20_6574)
        let k0 = SIMD4(repeating: key[0]), k1 = SIMD4(repeating: key[1])
        let k2 = SIMD4(repeating: key[2]), k3 = SIMD4(repeating: key[3])
        let k4 = SIMD4(repeating: key[4]), k5 = SIMD4(repeating: key[5])
        let k6 = SIMD4(repeating: key[6]), k7 = SIMD4(repeating: key[7])
        let c = (counter, counter &+ 1, counter &+ 2, counter &+ 3)
        let n12 = SIMD4<UInt32>(low(c.0), low(c.1), low(c.2), low(c.3))
        let n13 = SIMD4<UInt32>(low(c.0 >> 32), low(c.1 >> 32), low(c.2 >> 32), low(c.3 >> 32))
        let n14 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: nonce))
        let n15 = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: nonce >> 32))
        var x0 = c0, x1 = c1, x2 = c2, x3 = c3, x4 = k0, x5 = k1, x6 = k2, x7 = k3
        var x8 = k4, x9 = k5, x10 = k6, x11 = k7, x12 = n12, x13 = n13, x14 = n14, x15 = n15
        for _ in 0..<10 {
            quarterRound(&x0, &x4, &x8, &x12)
            quarterRound(&x1, &x5, &x9, &x13)
            quarterRound(&x2, &x6, &x10, &x14)
            quarterRound(&x3, &x7, &x11, &x15)
            quarterRound(&x0, &x5, &x10, &x15)
            quarterRound(&x1, &x6, &x11, &x12)
            quarterRound(&x2, &x7, &x8, &x13)
            quarterRound(&x3, &x4, &x9, &x14)
        }
        // Output word p of a block pairs its state words 2p (low half) and 2p + 1.
        store(x0 &+ c0, x1 &+ c1, pair: 0, into: output)
        store(x2 &+ c2, x3 &+ c3, pair: 1, into: output)
        store(x4 &+ k0, x5 &+ k1, pair: 2, into: output)
        store(x6 &+ k2, x7 &+ k3, pair: 3, into: output)
        store(x8 &+ k4, x9 &+ k5, pair: 4, into: output)
        store(x10 &+ k6, x11 &+ k7, pair: 5, into: output)
        store(x12 &+ n12, x13 &+ n13, pair: 6, into: output)
        store(x14 &+ n14, x15 &+ n15, pair: 7, into: output)
    }

    @inline(__always)
    static func store(_ low: SIMD4<UInt32>, _ high: SIMD4<UInt32>, pair: Int, into output: UnsafeMutablePointer<UInt64>) {
        output[pair] = UInt64(low[0]) | UInt64(high[0]) << 32
        output[8 + pair] = UInt64(low[1]) | UInt64(high[1]) << 32
        output[16 + pair] = UInt64(low[2]) | UInt64(high[2]) << 32
        output[24 + pair] = UInt64(low[3]) | UInt64(high[3]) << 32
    }

    @inline(__always)
    static func low(_ value: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: value) }

    @inline(__always)
    static func quarterRound(_ a: inout SIMD4<UInt32>, _ b: inout SIMD4<UInt32>, _ c: inout SIMD4<UInt32>, _ d: inout SIMD4<UInt32>) {
        a &+= b; d ^= a; d = rotate(d, 16)
        c &+= d; b ^= c; b = rotate(b, 12)
        a &+= b; d ^= a; d = rotate(d, 8)
        c &+= d; b ^= c; b = rotate(b, 7)
    }

    /// Rotates each lane left by `k`. Written with `&+` rather than `|`: LLVM turns the `|` form
    /// into a rotate, which plain SSE2 lacks, and then takes the vector apart lane by lane.
    @inline(__always)
    static func rotate(_ x: SIMD4<UInt32>, _ k: UInt32) -> SIMD4<UInt32> {
        (x &<< k) &+ (x &>> (32 - k))
    }

    /// A 256-bit key from four 64-bit words, each split low half first.
    @usableFromInline
    static func key(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) -> SIMD8<UInt32> {
        SIMD8(
            UInt32(truncatingIfNeeded: w0), UInt32(truncatingIfNeeded: w0 >> 32),
            UInt32(truncatingIfNeeded: w1), UInt32(truncatingIfNeeded: w1 >> 32),
            UInt32(truncatingIfNeeded: w2), UInt32(truncatingIfNeeded: w2 >> 32),
            UInt32(truncatingIfNeeded: w3), UInt32(truncatingIfNeeded: w3 >> 32))
    }
}

