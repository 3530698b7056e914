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
/// zlib's search for matches. The fast encoding (``FastRowEncoder``) needs no search: it filters
/// each row so that flat colour becomes runs of zeros and copies of the row above, then writes
/// one block with Huffman codes fitted to the image's own symbols. Encoding is a single pass
/// over the pixels plus one over the much shorter list of symbols. The output is RGB when every
/// pixel is opaque and RGBA otherwise, 8 bits a channel. ``PNGCompression/small`` writes the same pixels in the
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

    /// The fast encoding's zlib stream of filtered rows (see ``FastRowEncoder``).
    private static func fastStream(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, opaque: Bool) -> [UInt8] {
        var encoder = FastRowEncoder(width: width, height: height, opaque: opaque)
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            encoder.add(row, above: y > 0 ? (pixels + (y - 1) * stride).assumingMemoryBound(to: UInt32.self) : nil)
        }
        return encoder.finish()
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

