/// The symbols of one DEFLATE block, as the PNG encoder produces them: literal bytes, runs of
/// zero bytes (matches at distance 1) and copies of the row above (matches at the distance of
/// one row). It counts each symbol's frequency for the Huffman codes and keeps the Adler-32 of
/// the bytes they stand for.
///
/// Adler-32 sums are kept in 64 bits and reduced once a row (``endRow()``): a row of up to
/// 2^20 bytes cannot overflow them.
struct DeflateTokens: ~Copyable {
    /// A token: 0–255 a literal byte, 256 + n a run of n zero bytes, 515 + n a copy of n bytes
    /// from one row back (3 ≤ n ≤ 258).
    private var tokens: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    private(set) var count = 0
    /// How often each literal/length symbol (0–285) occurs.
    private let frequencies: UnsafeMutablePointer<Int>
    private var adlerA: UInt64 = 1
    private var adlerB: UInt64 = 0
    private var lastByteIsZero = false
    /// The distance of one row, when copies of the row above are allowed.
    private let rowDistance: Int?
    /// How many copies of the row above were made.
    private var rowCopies = 0

    init(capacity: Int, rowDistance: Int? = nil) {
        self.rowDistance = rowDistance
        self.capacity = max(capacity, 1024)
        tokens = .allocate(capacity: self.capacity)
        frequencies = .allocate(capacity: 286)
        frequencies.initialize(repeating: 0, count: 286)
    }

    deinit {
        tokens.deallocate()
        frequencies.deallocate()
    }

    /// Makes room for `more` tokens, so that the next `more` pushes need not check. Each byte
    /// a row stands for takes at most one token, so a row's bytes and one more always suffice.
    mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let larger = max(capacity * 2, count + more)
        let bigger = UnsafeMutablePointer<UInt16>.allocate(capacity: larger)
        bigger.update(from: tokens, count: count)
        tokens.deallocate()
        tokens = bigger
        capacity = larger
    }

    /// Adds a token; room was made by ``reserve(_:)``.
    @inline(__always)
    private mutating func push(_ token: UInt16) {
        tokens[count] = token
        count &+= 1
    }

    /// One literal byte.
    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        push(UInt16(byte))
        frequencies[Int(byte)] &+= 1
        adlerA &+= UInt64(byte)
        adlerB &+= adlerA
        lastByteIsZero = byte == 0
    }

    /// A pixel's filtered bytes as literals: three (RGB) or, with `fourth`, four (RGBA). The
    /// same tokens and checksum as one ``literal(_:)`` a byte, with the Adler-32 sums advanced
    /// in one step.
    @inline(__always)
    mutating func literals(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8?) {
        let (x, y, z) = (UInt64(first), UInt64(second), UInt64(third))
        tokens[count] = UInt16(first)
        tokens[count &+ 1] = UInt16(second)
        tokens[count &+ 2] = UInt16(third)
        frequencies[Int(first)] &+= 1
        frequencies[Int(second)] &+= 1
        frequencies[Int(third)] &+= 1
        if let fourth {
            let w = UInt64(fourth)
            tokens[count &+ 3] = UInt16(fourth)
            frequencies[Int(fourth)] &+= 1
            count &+= 4
            // b gains a after each byte: 4a + 4x + 3y + 2z + w.
            adlerB &+= 4 &* adlerA &+ 4 &* x &+ 3 &* y &+ 2 &* z &+ w
            adlerA &+= x &+ y &+ z &+ w
            lastByteIsZero = fourth == 0
        } else {
            count &+= 3
            adlerB &+= 3 &* adlerA &+ 3 &* x &+ 2 &* y &+ z
            adlerA &+= x &+ y &+ z
            lastByteIsZero = third == 0
        }
    }

    /// Adds a pixel's bytes that a copy of the row above stands for to the checksum.
    @inline(__always)
    mutating func checksums(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8?) {
        let (x, y, z) = (UInt64(first), UInt64(second), UInt64(third))
        if let fourth {
            let w = UInt64(fourth)
            adlerB &+= 4 &* adlerA &+ 4 &* x &+ 3 &* y &+ 2 &* z &+ w
            adlerA &+= x &+ y &+ z &+ w
            lastByteIsZero = fourth == 0
        } else {
            adlerB &+= 3 &* adlerA &+ 3 &* x &+ 2 &* y &+ z
            adlerA &+= x &+ y &+ z
            lastByteIsZero = third == 0
        }
    }

    /// `count` zero bytes, as back-references to the byte before when possible.
    mutating func zeros(_ count: Int) {
        guard count > 0 else { return }
        var left = count
        if !lastByteIsZero {
            literal(0)
            left -= 1
        }
        adlerB &+= adlerA &* UInt64(left)
        while left >= 3 {
            let length = left > 258 ? (left - 258 >= 3 ? 258 : left - 3) : left
            push(UInt16(256 + length))
            frequencies[Deflate.lengthSymbol[length]] &+= 1
            left -= length
        }
        for _ in 0..<left {
            push(0)
            frequencies[0] &+= 1
        }
        lastByteIsZero = true
    }

    /// `count` bytes equal to those one row back; their values go to ``checksums(_:_:_:_:)``.
    mutating func repeatRowAbove(_ count: Int) {
        var left = count
        while left > 0 {
            // Matches are 3 to 258 bytes: never leave a remainder of 1 or 2.
            let length = left > 258 ? (left - 258 >= 3 ? 258 : left - 3) : left
            push(UInt16(515 + length))
            frequencies[Deflate.lengthSymbol[length]] &+= 1
            rowCopies &+= 1
            left -= length
        }
    }

    /// Reduces the checksum sums; call at least once every 2^20 bytes.
    mutating func endRow() {
        adlerA %= 65521
        adlerB %= 65521
    }

    /// The zlib stream: header, one DEFLATE block with dynamic Huffman codes, Adler-32.
    consuming func finish() -> [UInt8] {
        endRow()
        var frequencies = Array(UnsafeBufferPointer(start: self.frequencies, count: 286))
        frequencies[256] = 1   // end of block
        let literalLengths = Huffman.codeLengths(for: frequencies, limit: 15)
        let literalCodes = Huffman.canonicalCodes(for: literalLengths)
        // Two distances: 1 (code 0) and one row (its own code); each takes one bit. Without copies
        // of the row above, code 1 completes the tree.
        let rowCode = rowCopies > 0 ? rowDistance.map(Deflate.distanceCode) ?? 1 : 1
        var distanceLengths = [Int](repeating: 0, count: max(rowCode, 1) + 1)
        distanceLengths[0] = 1
        distanceLengths[max(rowCode, 1)] = 1
        let distanceCodes = Huffman.canonicalCodes(for: distanceLengths)

        // At most 15 + 5 + 1 + 13 bits a token, plus the header.
        var out = BitWriter(capacity: count * 5 + 1024)
        out.bytes([0x78, 0x01])   // deflate, 32 KiB window, fastest; check bits
        out.put(0b101, 3)         // final block, dynamic Huffman
        Huffman.writeHeader(literalLengths: literalLengths, distanceLengths: distanceLengths, to: &out)
        // One table entry a token: its code (with the extra bits and the distance code for a
        // match) and its length in bits.
        var table = [(bits: UInt32, length: Int)](repeating: (0, 0), count: 774)
        var longRowCopies: (UInt32, Int)? = nil
        for byte in 0..<256 { table[byte] = (literalCodes[byte], literalLengths[byte]) }
        for length in 3...258 {
            let symbol = Deflate.lengthSymbol[length]
            guard literalLengths[symbol] > 0 else { continue }
            var bits = literalCodes[symbol], total = literalLengths[symbol]
            bits |= UInt32(length - Deflate.lengthBase[symbol - 257]) << UInt32(total)
            total += Deflate.lengthExtraBits[symbol - 257]
            // Up to 15 + 5 + 1 bits.
            table[256 + length] = (bits | distanceCodes[0] << UInt32(total), total + 1)   // distance 1
            // A copy of the row above: its distance code, then the distance's extra bits (at most
            // 15 + 5 + 1 + 13 = 34 bits; more than 32 only for rows over 16 KiB, written apart).
            let rowExtra = rowCopies > 0 ? (UInt32(rowDistance! - Deflate.distanceBase[rowCode]), Deflate.distanceExtraBits[rowCode]) : (0, 0)
            if total + 1 + rowExtra.1 <= 32 {
                table[515 + length] = (bits | distanceCodes[rowCode] << UInt32(total) | rowExtra.0 << UInt32(total + 1), total + 1 + rowExtra.1)
            } else {
                table[515 + length] = (bits | distanceCodes[rowCode] << UInt32(total), total + 1)
                longRowCopies = rowExtra
            }
        }
        table.withUnsafeBufferPointer { table in
            if let extra = longRowCopies {
                for i in 0..<count {
                    let token = Int(tokens[i])
                    out.put(table[token].bits, table[token].length)
                    if token >= 515 { out.put(extra.0, extra.1) }
                }
            } else {
                for i in 0..<count {
                    let entry = table[Int(tokens[i])]
                    out.put(entry.bits, entry.length)
                }
            }
        }
        out.put(literalCodes[256], literalLengths[256])
        var stream = out.finish()
        stream.appendBigEndian(UInt32(adlerB) << 16 | UInt32(adlerA))
        return stream
    }
}

/// DEFLATE's length symbols (RFC 1951 §3.2.5).
enum Deflate {
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                               2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The distance code (0–29) for a distance of 1 to 32,768.
    static func distanceCode(_ distance: Int) -> Int { distanceBase.lastIndex { $0 <= distance }! }

    /// The symbol (257–285) for each match length 3–258.
    static let lengthSymbol: [Int] = (0...258).map { length in
        length < 3 ? 0 : 257 + lengthBase.lastIndex { $0 <= length }!
    }
}

/// Writes bits least significant first, as DEFLATE packs them, into a buffer sized up front.
struct BitWriter: ~Copyable {
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private var bits: UInt64 = 0
    private var bitCount: UInt64 = 0

    /// A writer with room for `capacity` bytes (every caller knows its worst case).
    init(capacity: Int) {
        self.capacity = capacity + 8
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    mutating func bytes(_ values: [UInt8]) {
        for value in values { put(UInt32(value), 8) }
    }

    /// The low `length` bits of `value` (at most 32), least significant first.
    @inline(__always)
    mutating func put(_ value: UInt32, _ length: Int) {
        bits |= UInt64(value) << bitCount
        bitCount += UInt64(length)
        if bitCount >= 32 {
            precondition(count + 4 <= capacity, "BitWriter overflow")
            UnsafeMutableRawPointer(buffer + count).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            count += 4
            bits >>= 32
            bitCount -= 32
        }
    }

    consuming func finish() -> [UInt8] {
        while bitCount > 0 {
            buffer[count] = UInt8(truncatingIfNeeded: bits)
            count += 1
            bits >>= 8
            bitCount = bitCount >= 8 ? bitCount - 8 : 0
        }
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }
}
