/// Huffman codes for DEFLATE's dynamic blocks: length-limited code lengths, canonical codes,
/// and the block header that describes them (RFC 1951 §3.2.7).
enum Huffman {
    /// Code lengths for symbols with the given frequencies (0 for unused symbols), none longer
    /// than `limit`. When the optimal code is too deep, frequencies are flattened and the code
    /// rebuilt, which costs a little size and keeps the code valid.
    static func codeLengths(for frequencies: [Int], limit: Int) -> [Int] {
        var weights = frequencies
        while true {
            let lengths = unlimitedLengths(weights)
            if lengths.max() ?? 0 <= limit { return lengths }
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 / 2) }
        }
    }

    /// The optimal code lengths (Huffman's algorithm); a lone symbol gets length 1.
    private static func unlimitedLengths(_ weights: [Int]) -> [Int] {
        var lengths = [Int](repeating: 0, count: weights.count)
        let used = weights.indices.filter { weights[$0] > 0 }
        if used.count == 1 { lengths[used[0]] = 1 }
        guard used.count > 1 else { return lengths }
        // Nodes: leaves first, then merged nodes; parent links give each leaf's depth.
        var weight = used.map { weights[$0] }
        var parent = [Int](repeating: -1, count: used.count)
        var queue = Array(0..<used.count).sorted { (weight[$0], $0) < (weight[$1], $1) }
        var merged: [Int] = []   // a second queue: merged nodes come out in increasing weight
        var qi = 0, ii = 0
        func takeSmallest() -> Int {
            if qi < queue.count, ii >= merged.count || weight[queue[qi]] <= weight[merged[ii]] {
                qi += 1
                return queue[qi - 1]
            }
            ii += 1
            return merged[ii - 1]
        }
        while (queue.count - qi) + (merged.count - ii) > 1 {
            let a = takeSmallest(), b = takeSmallest()
            let node = weight.count
            weight.append(weight[a] + weight[b])
            parent.append(-1)
            parent[a] = node
            parent[b] = node
            merged.append(node)
        }
        queue = []
        for (leaf, symbol) in used.enumerated() {
            var depth = 0, node = leaf
            while parent[node] != -1 {
                node = parent[node]
                depth += 1
            }
            lengths[symbol] = depth
        }
        return lengths
    }

    /// Canonical codes for `lengths`, bit-reversed for DEFLATE's least-significant-first order.
    static func canonicalCodes(for lengths: [Int]) -> [UInt32] {
        let maxLength = lengths.max() ?? 0
        var lengthCount = [Int](repeating: 0, count: maxLength + 1)
        for length in lengths where length > 0 { lengthCount[length] += 1 }
        var next = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for bits in 1...max(maxLength, 1) {
            code = (code + (bits - 1 < lengthCount.count ? lengthCount[bits - 1] : 0)) << 1
            next[bits] = code
        }
        var codes = [UInt32](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = reversed(UInt32(next[length]), length)
            next[length] += 1
        }
        return codes
    }

    static func reversed(_ code: UInt32, _ length: Int) -> UInt32 {
        var result: UInt32 = 0
        for i in 0..<length where code & (1 << UInt32(i)) != 0 { result |= 1 << UInt32(length - 1 - i) }
        return result
    }

    /// Writes HLIT, HDIST, HCLEN, the code-length code and the run-length coded code lengths.
    static func writeHeader(literalLengths: [Int], distanceLengths: [Int], to out: inout BitWriter) {
        var literalCount = literalLengths.count
        while literalCount > 257, literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        let all = Array(literalLengths[0..<literalCount]) + distanceLengths
        // Run-length code the lengths: 16 repeats the previous 3–6 times, 17 and 18 are runs of zeros.
        var symbols: [(symbol: Int, extra: Int, extraBits: Int)] = []
        var i = 0
        while i < all.count {
            let value = all[i]
            var run = 1
            while i + run < all.count, all[i + run] == value { run += 1 }
            if value == 0 && run >= 3 {
                let take = min(run, 138)
                symbols.append(take >= 11 ? (18, take - 11, 7) : (17, take - 3, 3))
                i += take
            } else if value != 0 && run >= 4 {
                symbols.append((value, 0, 0))
                let take = min(run - 1, 6)
                symbols.append((16, take - 3, 2))
                i += 1 + take
            } else {
                symbols.append((value, 0, 0))
                i += 1
            }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for s in symbols { frequencies[s.symbol] += 1 }
        let codeLengthLengths = codeLengths(for: frequencies, limit: 7)
        let codeLengthCodes = canonicalCodes(for: codeLengthLengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengthCount = 19
        while codeLengthCount > 4, codeLengthLengths[order[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }
        out.put(UInt32(literalCount - 257), 5)
        out.put(UInt32(distanceLengths.count - 1), 5)
        out.put(UInt32(codeLengthCount - 4), 4)
        for k in 0..<codeLengthCount { out.put(UInt32(codeLengthLengths[order[k]]), 3) }
        for s in symbols {
            out.put(codeLengthCodes[s.symbol], codeLengthLengths[s.symbol])
            if s.extraBits > 0 { out.put(UInt32(s.extra), s.extraBits) }
        }
    }
}
