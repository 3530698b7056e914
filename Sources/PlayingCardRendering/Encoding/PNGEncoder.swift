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
/// zlib's search for matches. Here each row is filtered with Sub (or Up when it repeats the row
/// above), which turns flat colour into runs of zero bytes; the runs become DEFLATE matches at
/// distance 1 without any search. Where pixels repeat the row above (the edges of pips, frames
/// and figures mostly run up and down), their filtered bytes repeat too and become matches at
/// the distance of one row, found by comparing pixels. One block with Huffman codes fitted to the
/// image's own symbols is written at the end. Encoding is a single pass over the pixels plus one over the
/// much shorter list of symbols. The output is RGB when every pixel is opaque and RGBA
/// otherwise, 8 bits a channel. ``PNGCompression/small`` writes the same pixels in the
/// smallest form it finds (`PNGEncoder+Small.swift`).
enum PNGEncoder {
    /// Encodes Cairo ARGB32 pixels (premultiplied alpha, native-endian words).
    static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                       compression: PNGCompression = .fast) -> [UInt8] {
        switch compression {
        case .fast:
            let opaque = isOpaque(pixels: pixels, width: width, height: height, stride: stride)
            let zlib = fastStream(pixels: pixels, width: width, height: height, stride: stride, opaque: opaque)
            return file(width: width, height: height, colorType: opaque ? 2 : 6, chunks: [], zlib: zlib)
        case .small:
            return small(pixels: pixels, width: width, height: height, stride: stride)
        }
    }

    /// A PNG file of 8-bit samples: signature, header, any chunks before the image data (a
    /// palette), the data, the end.
    static func file(width: Int, height: Int, colorType: UInt8, chunks: [(String, [UInt8])], zlib: [UInt8]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(zlib.count + 64 + chunks.reduce(0) { $0 + $1.1.count + 12 })
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, colorType, 0, 0, 0]   // 8 bits, the colour type, deflate, adaptive filters, no interlace
        png.appendChunk("IHDR", header)
        for (type, data) in chunks { png.appendChunk(type, data) }
        png.appendChunk("IDAT", zlib)
        png.appendChunk("IEND", [])
        return png
    }

    /// The fast encoding's zlib stream of filtered rows.
    private static func fastStream(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, opaque: Bool) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        // Matches reach back at most 32 KiB: wider images do without the row above.
        let rowDistance = rowBytes <= 32768 ? rowBytes : nil
        var deflate = DeflateTokens(capacity: height * rowBytes / 4 + 1024, rowDistance: rowDistance)
        var aboveIsSub = false   // whether the row above was Sub-filtered, so its bytes can be copied
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            if y > 0, memcmp(row, pixels + (y - 1) * stride, width * 4) == 0 {
                deflate.literal(2)   // Up: a repeated row filters to zeros
                deflate.zeros(width * channels)
                deflate.endRow()
                aboveIsSub = false
                continue
            }
            let above = aboveIsSub && rowDistance != nil ? (pixels + (y - 1) * stride).assumingMemoryBound(to: UInt32.self) : nil
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
                if let above, word == above[x], x == 0 || row[x - 1] == above[x - 1] {
                    // These pixels and the ones before them repeat the row above, so their
                    // filtered bytes repeat the row above's: copy them from one row back.
                    // The copy stops where a run begins: runs are cheaper as zero bytes.
                    var end = x + 1
                    while end < width, row[end] == above[end], row[end] != row[end - 1] { end += 1 }
                    deflate.repeatRowAbove((end - x) * channels)
                    for i in x..<end {
                        let pixel = straight(row[i])
                        deflate.checksum(pixel.0 &- previous.0)
                        deflate.checksum(pixel.1 &- previous.1)
                        deflate.checksum(pixel.2 &- previous.2)
                        if !opaque { deflate.checksum(pixel.3 &- previous.3) }
                        previous = pixel
                    }
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
            aboveIsSub = true
        }
        return deflate.finish()
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

