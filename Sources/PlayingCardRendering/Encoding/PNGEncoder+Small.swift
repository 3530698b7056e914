internal import CPlayingCardsDeflate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The small encoding: the pixels in the fewest bytes that hold them exactly (grey when every
/// pixel is grey, without alpha when every pixel is opaque, a palette when that is smaller
/// still), each row with whichever of PNG's five filters (None, Sub, Up, Average, Paeth) leaves
/// its bytes the most predictable, or all rows unfiltered when a trial says that is smaller,
/// compressed with libdeflate's near-optimal parser.
///
/// "Most predictable" is the lowest Shannon entropy of the row's filtered bytes. It beats the
/// usual smallest-sum-of-differences rule on card images: a row whose bytes are mostly one value
/// compresses well whatever that value is, and it keeps the filter the same down a repeating
/// pattern (the back's lattice), so whole rows repeat and become long matches.
extension PNGEncoder {
    /// libdeflate's level: 10 is the first that searches for the cheapest parse rather than
    /// greedily (files 3–6 % smaller than level 9 here); 11 and 12 gain another 2 % for 2–5
    /// times the time.
    static let smallLevel: Int32 = 10
    /// The level that tries out the filtered and unfiltered rows: a tenth of the time, and it
    /// ranks them as level 10 does.
    static let trialLevel: Int32 = 6

    /// The small encoding of Cairo ARGB32 pixels, as a PNG file.
    static func small(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        // Straight RGBA words (red in the high byte), and what they need: colour, alpha, how many.
        var colours = [UInt32](repeating: 0, count: width * height)
        var grey = true, opaque = true
        var palette: [UInt32: Int]? = [:]   // colour → order of first appearance; nil past 256
        colours.withUnsafeMutableBufferPointer { colours in
            var last: UInt32? = nil
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let (r, g, b, a) = straight(row[x])
                    let colour = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                    colours[y * width + x] = colour
                    if colour == last { continue }
                    last = colour
                    if r != g || g != b { grey = false }
                    if a != 255 { opaque = false }
                    if palette != nil, palette![colour] == nil {
                        if palette!.count == 256 { palette = nil } else { palette![colour] = palette!.count }
                    }
                }
            }
        }
        var best: [UInt8]
        if grey {
            let raw = samples(colours, channels: opaque ? 1 : 2) { colour, out in
                out[0] = UInt8(colour >> 24)
                if !opaque { out[1] = UInt8(colour & 0xFF) }
            }
            best = file(width: width, height: height, colorType: opaque ? 0 : 4, chunks: [],
                        zlib: filteredStream(raw, width: width, height: height, channels: opaque ? 1 : 2))
        } else {
            let raw = samples(colours, channels: opaque ? 3 : 4) { colour, out in
                out[0] = UInt8(colour >> 24)
                out[1] = UInt8((colour >> 16) & 0xFF)
                out[2] = UInt8((colour >> 8) & 0xFF)
                if !opaque { out[3] = UInt8(colour & 0xFF) }
            }
            best = file(width: width, height: height, colorType: opaque ? 2 : 6, chunks: [],
                        zlib: filteredStream(raw, width: width, height: height, channels: opaque ? 3 : 4))
        }
        if let palette {
            // Translucent entries first, so that the transparency chunk stops where they do.
            let entries = palette.sorted { ($0.key & 0xFF == 255 ? 1 : 0, $0.value) < ($1.key & 0xFF == 255 ? 1 : 0, $1.value) }.map(\.key)
            var index: [UInt32: UInt8] = [:]
            for (i, colour) in entries.enumerated() { index[colour] = UInt8(i) }
            let raw = samples(colours, channels: 1) { colour, out in out[0] = index[colour]! }
            var chunks = [("PLTE", entries.flatMap { [UInt8($0 >> 24), UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF)] })]
            let alphas = entries.prefix { $0 & 0xFF != 255 }.map { UInt8($0 & 0xFF) }
            if !alphas.isEmpty { chunks.append(("tRNS", alphas)) }
            let indexed = file(width: width, height: height, colorType: 3, chunks: chunks,
                               zlib: filteredStream(raw, width: width, height: height, channels: 1))
            if indexed.count < best.count { best = indexed }
        }
        return best
    }

    /// The samples of every pixel, `channels` bytes each, as `write` puts them.
    private static func samples(_ colours: [UInt32], channels: Int, _ write: (UInt32, UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: colours.count * channels)
        bytes.withUnsafeMutableBufferPointer { bytes in
            var at = bytes.baseAddress!
            for colour in colours {
                write(colour, at)
                at += channels
            }
        }
        return bytes
    }

    /// Rows of `channels`-byte pixels, each filtered its best way, as a zlib stream.
    private static func filteredStream(_ raw: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let rowBytes = width * channels
        var filtered = [UInt8](repeating: 0, count: height * (1 + rowBytes))
        // c · log2(c) for every count a row can hold: a row's entropy, times its length, is
        // rowBytes · log2(rowBytes) − Σ c · log2(c) over its byte values' counts.
        let weights = (0...rowBytes).map { $0 == 0 ? 0 : Double($0) * log2(Double($0)) }
        let zeros = [UInt8](repeating: 0, count: rowBytes)   // the row above the first
        var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
        var counts = [Int32](repeating: 0, count: 5 * 256)
        filtered.withUnsafeMutableBufferPointer { output in
            raw.withUnsafeBufferPointer { raw in
                zeros.withUnsafeBufferPointer { zeros in
                    candidates.withUnsafeMutableBufferPointer { candidates in
                        counts.withUnsafeMutableBufferPointer { counts in
                            weights.withUnsafeBufferPointer { weights in
                                for y in 0..<height {
                                    let row = raw.baseAddress! + y * rowBytes
                                    let above = y == 0 ? zeros.baseAddress! : row - rowBytes
                                    let filter = bestFilter(row, above: above, count: rowBytes, channels: channels,
                                                            candidates: candidates.baseAddress!, counts: counts.baseAddress!,
                                                            weights: weights.baseAddress!)
                                    let start = y * (1 + rowBytes)
                                    output[start] = UInt8(filter)
                                    (output.baseAddress! + start + 1).update(from: candidates.baseAddress! + filter * rowBytes, count: rowBytes)
                                }
                            }
                        }
                    }
                }
            }
        }
        // Large flat areas can do better unfiltered: runs of a repeated pixel are matches one
        // pixel back whatever the filter, and unfiltered edges repeat exactly from row to row.
        // A quick compression of both decides which one gets the slow one.
        var unfiltered = [UInt8](repeating: 0, count: height * (1 + rowBytes))
        for y in 0..<height {
            unfiltered.replaceSubrange(y * (1 + rowBytes) + 1..<(y + 1) * (1 + rowBytes), with: raw[y * rowBytes..<(y + 1) * rowBytes])
        }
        let choice = compress(unfiltered, level: trialLevel).count < compress(filtered, level: trialLevel).count ? unfiltered : filtered
        return compress(choice, level: smallLevel)
    }

    /// Filters `row` five ways into `candidates` (one after another) and returns the number of
    /// the filter whose bytes have the lowest entropy; the first of equals wins.
    @inline(__always)
    private static func bestFilter(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, channels: Int,
                                   candidates: UnsafeMutablePointer<UInt8>, counts: UnsafeMutablePointer<Int32>,
                                   weights: UnsafePointer<Double>) -> Int {
        counts.update(repeating: 0, count: 5 * 256)
        let none = candidates, sub = candidates + count, up = candidates + 2 * count
        let average = candidates + 3 * count, paeth = candidates + 4 * count
        for i in 0..<count {
            let x = row[i], b = above[i]
            let a: UInt8 = i >= channels ? row[i - channels] : 0
            let c: UInt8 = i >= channels ? above[i - channels] : 0
            let predicted = Int(a) + Int(b) - Int(c)
            let pa = abs(predicted - Int(a)), pb = abs(predicted - Int(b)), pc = abs(predicted - Int(c))
            let nearest = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            none[i] = x
            sub[i] = x &- a
            up[i] = x &- b
            average[i] = x &- UInt8((UInt16(a) + UInt16(b)) >> 1)
            paeth[i] = x &- nearest
            counts[Int(none[i])] += 1
            counts[256 + Int(sub[i])] += 1
            counts[512 + Int(up[i])] += 1
            counts[768 + Int(average[i])] += 1
            counts[1024 + Int(paeth[i])] += 1
        }
        // The lowest entropy is the largest Σ c · log2(c).
        var best = 0, bestScore = -Double.infinity
        for filter in 0..<5 {
            var score = 0.0
            for value in 0..<256 { score += weights[Int(counts[filter * 256 + value])] }
            if score > bestScore {
                best = filter
                bestScore = score
            }
        }
        return best
    }

    /// `data` as a zlib stream, compressed by libdeflate at `level`.
    private static func compress(_ data: [UInt8], level: Int32) -> [UInt8] {
        // Allocation is all that can fail, as it can for any array.
        guard let compressor = libdeflate_alloc_compressor(level) else {
            fatalError("libdeflate could not allocate its compressor: out of memory")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, target.baseAddress, target.count)
            }
        }
        // The bound is libdeflate's own worst case, so the output always fits.
        precondition(written > 0, "libdeflate's output outgrew its own bound")
        output.removeSubrange(written...)
        return output
    }
}
