#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The fast PNG encoding fed one row at a time, so that an image can be encoded while it is
/// drawn, a band of rows at a time, without ever holding all of its pixels.
///
/// Each row is filtered with Sub (or Up when it repeats the row above), which turns flat colour
/// into runs of zero bytes; the runs become DEFLATE matches at distance 1 without any search.
/// Where pixels repeat the row above (the edges of pips, frames and figures mostly run up and
/// down), their filtered bytes repeat too and become matches at the distance of one row, found by
/// comparing pixels. ``finish()`` writes one block with Huffman codes fitted to the image.
struct FastRowEncoder: ~Copyable {
    /// Pixels in a row.
    let width: Int
    /// Whether the output is RGB (every pixel opaque) rather than RGBA.
    let opaque: Bool
    private let channels: Int
    /// The distance of one filtered row, when matches may reach the row above (32 KiB at most).
    private let rowDistance: Int?
    private var deflate: DeflateTokens
    /// Whether the row before was Sub-filtered, so that its bytes can be copied.
    private var aboveIsSub = false

    /// An encoder for rows of `width` Cairo ARGB32 pixels; `height` sizes the first buffer.
    init(width: Int, height: Int, opaque: Bool) {
        self.width = width
        self.opaque = opaque
        channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        rowDistance = rowBytes <= 32768 ? rowBytes : nil
        deflate = DeflateTokens(capacity: height * rowBytes / 4 + 1024, rowDistance: rowDistance)
    }

    /// Adds one row of pixels; `above` is the row before it (`nil` for the first row).
    mutating func add(_ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>?) {
        let width = self.width, opaque = self.opaque
        deflate.reserve(2 + width * channels)
        if let above, memcmp(row, above, width * 4) == 0 {
            deflate.literal(2)   // Up: a repeated row filters to zeros
            deflate.zeros(width * channels)
            deflate.endRow()
            aboveIsSub = false
            return
        }
        let copyable = aboveIsSub && rowDistance != nil ? above : nil
        deflate.literal(1)   // Sub
        var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var x = 0
        while x < width {
            let word = row[x]
            if x > 0, word == row[x - 1] {
                // A run of the pixel before: Sub turns it into zero bytes.
                let end = Self.runEnd(row, from: x + 1, width: width, of: word)
                deflate.zeros((end - x) * channels)
                x = end
                continue
            }
            if let above = copyable, word == above[x], x == 0 || row[x - 1] == above[x - 1] {
                // These pixels and the ones before them repeat the row above, so their filtered
                // bytes repeat the row above's: copy them from one row back. The copy stops
                // where a run begins: runs are cheaper as zero bytes.
                var end = x + 1
                while end < width, row[end] == above[end], row[end] != row[end - 1] { end += 1 }
                deflate.repeatRowAbove((end - x) * channels)
                for i in x..<end {
                    let pixel = PNGEncoder.straight(row[i])
                    deflate.checksums(pixel.0 &- previous.0, pixel.1 &- previous.1, pixel.2 &- previous.2,
                                      opaque ? nil : pixel.3 &- previous.3)
                    previous = pixel
                }
                x = end
                continue
            }
            let pixel = PNGEncoder.straight(word)
            deflate.literals(pixel.0 &- previous.0, pixel.1 &- previous.1, pixel.2 &- previous.2,
                             opaque ? nil : pixel.3 &- previous.3)
            previous = pixel
            x += 1
        }
        deflate.endRow()
        aboveIsSub = true
    }

    /// Where the run of `word` starting at `start` ends: sixteen pixels a step while it lasts,
    /// then four, then one.
    @inline(__always)
    static func runEnd(_ row: UnsafePointer<UInt32>, from start: Int, width: Int, of word: UInt32) -> Int {
        var end = start
        let four = SIMD4<UInt32>(repeating: word)
        while end + 16 <= width {
            let p = UnsafeRawPointer(row + end)
            let same = (p.loadUnaligned(as: SIMD4<UInt32>.self) .== four) .& (p.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self) .== four)
                .& (p.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self) .== four) .& (p.loadUnaligned(fromByteOffset: 48, as: SIMD4<UInt32>.self) .== four)
            guard all(same) else { break }
            end &+= 16
        }
        while end + 4 <= width, UnsafeRawPointer(row + end).loadUnaligned(as: SIMD4<UInt32>.self) == four { end &+= 4 }
        while end < width, row[end] == word { end &+= 1 }
        return end
    }

    /// The zlib stream of every row added.
    consuming func finish() -> [UInt8] {
        deflate.finish()
    }
}
