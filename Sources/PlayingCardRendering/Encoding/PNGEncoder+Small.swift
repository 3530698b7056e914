internal import CPlayingCardsDeflate

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The small encoding: each row takes whichever of PNG's five filters (None, Sub, Up, Average,
/// Paeth) leaves its bytes the most predictable, and the rows are compressed with libdeflate's
/// near-optimal parser.
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

    /// The small encoding's zlib stream of filtered rows.
    static func smallStream(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, opaque: Bool) -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        var filtered = [UInt8](repeating: 0, count: height * (1 + rowBytes))
        // c · log2(c) for every count a row can hold: a row's entropy, times its length, is
        // rowBytes · log2(rowBytes) − Σ c · log2(c) over its byte values' counts.
        let weights = (0...rowBytes).map { $0 == 0 ? 0 : Double($0) * log2(Double($0)) }
        var rows = [UInt8](repeating: 0, count: 2 * rowBytes)   // the row above, then this row
        var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
        var counts = [Int32](repeating: 0, count: 5 * 256)
        filtered.withUnsafeMutableBufferPointer { output in
            rows.withUnsafeMutableBufferPointer { rows in
                candidates.withUnsafeMutableBufferPointer { candidates in
                    counts.withUnsafeMutableBufferPointer { counts in
                        weights.withUnsafeBufferPointer { weights in
                            var above = rows.baseAddress!, current = rows.baseAddress! + rowBytes
                            for y in 0..<height {
                                straighten(row: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), width: width,
                                           opaque: opaque, into: current)
                                let filter = bestFilter(current, above: above, count: rowBytes, channels: channels,
                                                        candidates: candidates.baseAddress!, counts: counts.baseAddress!,
                                                        weights: weights.baseAddress!)
                                let start = y * (1 + rowBytes)
                                output[start] = UInt8(filter)
                                (output.baseAddress! + start + 1).update(from: candidates.baseAddress! + filter * rowBytes, count: rowBytes)
                                swap(&above, &current)
                            }
                        }
                    }
                }
            }
        }
        return compress(filtered)
    }

    /// Writes one row of premultiplied ARGB words as straight RGB or RGBA bytes.
    @inline(__always)
    private static func straighten(row: UnsafePointer<UInt32>, width: Int, opaque: Bool, into bytes: UnsafeMutablePointer<UInt8>) {
        var at = 0
        for x in 0..<width {
            let pixel = straight(row[x])
            bytes[at] = pixel.0
            bytes[at + 1] = pixel.1
            bytes[at + 2] = pixel.2
            if opaque {
                at += 3
            } else {
                bytes[at + 3] = pixel.3
                at += 4
            }
        }
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

    /// `data` as a zlib stream, compressed by libdeflate at ``smallLevel``.
    private static func compress(_ data: [UInt8]) -> [UInt8] {
        // Allocation is all that can fail, as it can for any array.
        guard let compressor = libdeflate_alloc_compressor(smallLevel) else {
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
