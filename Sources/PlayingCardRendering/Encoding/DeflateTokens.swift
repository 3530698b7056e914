/// The symbols of one DEFLATE block, as the PNG encoder produces them: literal bytes and runs of
/// zero bytes (matches at distance 1). It counts each symbol's frequency for the Huffman codes
/// and keeps the Adler-32 of the bytes they stand for.
///
/// Adler-32 sums are kept in 64 bits and reduced once a row (``endRow()``): a row of up to
/// 2^20 bytes cannot overflow them.
struct DeflateTokens: ~Copyable {
    /// A token: 0–255 a literal byte, 256 + n a run of n zero bytes (3 ≤ n ≤ 258).
    private var tokens: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    private(set) var count = 0
    /// How often each literal/length symbol (0–285) occurs.
    private let frequencies: UnsafeMutablePointer<Int>
    private var adlerA: UInt64 = 1
    private var adlerB: UInt64 = 0
    private var lastByteIsZero = false

    init(capacity: Int) {
        self.capacity = max(capacity, 1024)
        tokens = .allocate(capacity: self.capacity)
        frequencies = .allocate(capacity: 286)
        frequencies.initialize(repeating: 0, count: 286)
    }

    deinit {
        tokens.deallocate()
        frequencies.deallocate()
    }

    @inline(__always)
    private mutating func push(_ token: UInt16) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity * 2)
            bigger.update(from: tokens, count: count)
            tokens.deallocate()
            tokens = bigger
            capacity *= 2
        }
        tokens[count] = token
        count += 1
    }

    /// One literal byte.
    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        push(UInt16(byte))
        frequencies[Int(byte)] += 1
        adlerA &+= UInt64(byte)
        adlerB &+= adlerA
        lastByteIsZero = byte == 0
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
            frequencies[Deflate.lengthSymbol[length]] += 1
            left -= length
        }
        for _ in 0..<left {
            push(0)
            frequencies[0] += 1
        }
        lastByteIsZero = true
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
        // Every match is at distance 1 (distance code 0); code 1 completes the tree.
        let distanceLengths = [1, 1]
        let literalCodes = Huffman.canonicalCodes(for: literalLengths)

        // At most 15 + 5 + 1 bits a token, plus the header.
        var out = BitWriter(capacity: count * 3 + 1024)
        out.bytes([0x78, 0x01])   // deflate, 32 KiB window, fastest; check bits
        out.put(0b101, 3)         // final block, dynamic Huffman
        Huffman.writeHeader(literalLengths: literalLengths, distanceLengths: distanceLengths, to: &out)
        // One table entry a token: its code (with the extra bits and the distance code for a
        // match) and its length in bits.
        var table = [(bits: UInt32, length: Int)](repeating: (0, 0), count: 515)
        for byte in 0..<256 { table[byte] = (literalCodes[byte], literalLengths[byte]) }
        for length in 3...258 {
            let symbol = Deflate.lengthSymbol[length]
            guard literalLengths[symbol] > 0 else { continue }
            var bits = literalCodes[symbol], total = literalLengths[symbol]
            bits |= UInt32(length - Deflate.lengthBase[symbol - 257]) << UInt32(total)
            total += Deflate.lengthExtraBits[symbol - 257]
            total += 1   // distance code 0, one zero bit: distance 1
            table[256 + length] = (bits, total)
        }
        table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let entry = table[Int(tokens[i])]
                out.put(entry.bits, entry.length)
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
