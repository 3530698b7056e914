#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A PNG encoder built for card images: large areas of flat colour with antialiased edges.
///
/// Cairo's own PNG writer spends tens of milliseconds on a 744 × 1039 card, almost all of it in
/// zlib. Here each row is filtered with Sub (or Up when it repeats the row above), which turns
/// flat colour into runs of zero bytes, and the runs are written straight out as DEFLATE matches
/// at distance 1 with the fixed Huffman code. Encoding becomes a single pass over the pixels.
/// The output is RGB when every pixel is opaque and RGBA otherwise, 8 bits a channel.
enum PNGEncoder {
    /// Encodes Cairo ARGB32 pixels (premultiplied alpha, native-endian words).
    static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        let opaque = isOpaque(pixels: pixels, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        var deflate = FixedDeflateWriter(capacity: height * rowBytes * 9 / 8 + 1024)
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            if y > 0, memcmp(row, pixels + (y - 1) * stride, width * 4) == 0 {
                deflate.literal(2)   // Up: a repeated row filters to zeros
                deflate.zeros(width * channels)
                deflate.endRow()
                continue
            }
            deflate.literal(1)   // Sub
            var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            var x = 0
            while x < width {
                let word = row[x]
                if x > 0, word == row[x - 1] {
                    // A run of the pixel before: Sub turns it into zero bytes.
                    var end = x + 1
                    // Four pixels a step while the run lasts, then one at a time.
                    let four = SIMD4<UInt32>(repeating: word)
                    while end + 4 <= width, UnsafeRawPointer(row + end).loadUnaligned(as: SIMD4<UInt32>.self) == four { end += 4 }
                    while end < width, row[end] == word { end += 1 }
                    deflate.zeros((end - x) * channels)
                    x = end
                    continue
                }
                let pixel = straight(word)
                deflate.literal(pixel.0 &- previous.0)
                deflate.literal(pixel.1 &- previous.1)
                deflate.literal(pixel.2 &- previous.2)
                if !opaque { deflate.literal(pixel.3 &- previous.3) }
                previous = pixel
                x += 1
            }
            deflate.endRow()
        }
        let zlib = deflate.finish()

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(zlib.count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]   // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", zlib)
        png.appendChunk("IEND", [])
        return png
    }

    static func isOpaque(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Cairo's premultiplied ARGB word as straight RGBA, rounded as Cairo's own writer rounds.
    @inline(__always)
    static func straight(_ word: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = word >> 24
        let r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
        switch alpha {
        case 255: return (UInt8(r), UInt8(g), UInt8(b), 255)
        case 0: return (0, 0, 0, 0)
        default:
            return (UInt8((r * 255 + alpha / 2) / alpha), UInt8((g * 255 + alpha / 2) / alpha),
                    UInt8((b * 255 + alpha / 2) / alpha), UInt8(alpha))
        }
    }
}

/// A zlib stream of one DEFLATE block with the fixed Huffman code, taking literals and runs of
/// zero bytes; it keeps the Adler-32 of the bytes as it goes.
///
/// The output buffer is sized for the worst case up front (9 bits a byte), so writing never
/// checks for room. Adler-32 sums are kept in 64 bits and reduced once a row (``endRow()``): a
/// row of up to 2^20 bytes cannot overflow them.
struct FixedDeflateWriter: ~Copyable {
    private let output: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private var bits: UInt64 = 0
    private var bitCount: UInt64 = 0
    private var adlerA: UInt64 = 1
    private var adlerB: UInt64 = 0
    private var lastByteIsZero = false

    init(capacity: Int) {
        self.capacity = capacity + 16
        output = .allocate(capacity: self.capacity)
        output[0] = 0x78   // deflate, 32 KiB window
        output[1] = 0x01   // fastest, check bits
        count = 2
        put(0b011, 3)   // final block, fixed Huffman
    }

    deinit { output.deallocate() }

    @inline(__always)
    private mutating func put(_ value: UInt32, _ length: UInt64) {
        bits |= UInt64(value) << bitCount
        bitCount += length
        if bitCount >= 32 {
            UnsafeMutableRawPointer(output + count).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            count += 4
            bits >>= 32
            bitCount -= 32
        }
    }

    /// One literal byte.
    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        let code = FixedHuffman.literals[Int(byte)]
        put(code.bits, code.length)
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
            let code = FixedHuffman.matches[length]
            put(code.bits, code.length)
            left -= length
        }
        for _ in 0..<left {
            let code = FixedHuffman.literals[0]
            put(code.bits, code.length)
        }
        lastByteIsZero = true
    }

    /// Reduces the checksum sums; call at least once every 2^20 bytes.
    mutating func endRow() {
        adlerA %= 65521
        adlerB %= 65521
    }

    /// Ends the block and returns the zlib stream with its Adler-32 checksum.
    consuming func finish() -> [UInt8] {
        let end = FixedHuffman.literals[256]
        put(end.bits, end.length)
        while bitCount > 0 {
            output[count] = UInt8(truncatingIfNeeded: bits)
            count += 1
            bits >>= 8
            bitCount = bitCount >= 8 ? bitCount - 8 : 0
        }
        endRow()
        var stream = Array(UnsafeBufferPointer(start: output, count: count))
        stream.appendBigEndian(UInt32(adlerB) << 16 | UInt32(adlerA))
        return stream
    }
}

/// DEFLATE's fixed Huffman code (RFC 1951 §3.2.6), bit-reversed for an LSB-first stream.
enum FixedHuffman {
    struct Code {
        var bits: UInt32
        var length: UInt64
    }

    static func reversed(_ code: UInt32, _ length: Int) -> UInt32 {
        var result: UInt32 = 0
        for i in 0..<length where code & (1 << UInt32(i)) != 0 { result |= 1 << UInt32(length - 1 - i) }
        return result
    }

    /// Codes for literal/length symbols 0–287.
    static let literals: [Code] = (0..<288).map { symbol -> Code in
        switch symbol {
        case 0..<144: Code(bits: reversed(UInt32(0x30 + symbol), 8), length: 8)
        case 144..<256: Code(bits: reversed(UInt32(0x190 + symbol - 144), 9), length: 9)
        case 256..<280: Code(bits: reversed(UInt32(symbol - 256), 7), length: 7)
        default: Code(bits: reversed(UInt32(0xC0 + symbol - 280), 8), length: 8)
        }
    }

    /// For each length 3–258: the length symbol, its extra bits and distance code 0 (distance 1).
    static let matches: [Code] = (0...258).map { length -> Code in
        guard length >= 3 else { return Code(bits: 0, length: 0) }
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let index = bases.lastIndex { $0 <= length }!
        let symbol = literals[257 + index]
        var bits = symbol.bits, total = symbol.length
        bits |= UInt32(length - bases[index]) << UInt32(total)
        total += UInt64(extras[index])
        // Distance code 0 is five zero bits.
        total += 5
        return Code(bits: bits, length: total)
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF)); append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }

    /// Appends a PNG chunk: length, type, data, CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let start = count
        append(contentsOf: Array(type.utf8))
        append(contentsOf: data)
        appendBigEndian(CRC32.checksum(self[start...]))
    }
}

/// CRC-32 as PNG uses it (polynomial 0xEDB88320), eight bytes a step.
enum CRC32 {
    static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[0][n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 { tables[k][n] = (tables[k - 1][n] >> 8) ^ tables[0][Int(tables[k - 1][n] & 0xFF)] }
        }
        return tables
    }()

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            tables.withUnsafeBufferPointer { t in
                let t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7]
                var i = 0
                let n = buffer.count
                while i + 8 <= n {
                    let lo = crc ^ (UInt32(buffer[i]) | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i + 2]) << 16 | UInt32(buffer[i + 3]) << 24)
                    crc = t7[Int(lo & 0xFF)] ^ t6[Int((lo >> 8) & 0xFF)] ^ t5[Int((lo >> 16) & 0xFF)] ^ t4[Int(lo >> 24)]
                        ^ t3[Int(buffer[i + 4])] ^ t2[Int(buffer[i + 5])] ^ t1[Int(buffer[i + 6])] ^ t0[Int(buffer[i + 7])]
                    i += 8
                }
                while i < n {
                    crc = t0[Int((crc ^ UInt32(buffer[i])) & 0xFF)] ^ (crc >> 8)
                    i += 1
                }
            }
        }
        return ~crc
    }
}
