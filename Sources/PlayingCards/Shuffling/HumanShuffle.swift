/// The ways people shuffle, for games and simulations that want realism rather than a
/// perfect shuffle. Each is a random model from the literature (or, for the faro, exact).
///
/// ```swift
/// var deck = PlayingCardDeck()
/// deck.shuffle(like: .riffle, times: 7)
/// ShuffleAnalysis.riffleDistance(cards: 52, riffles: 7)   // 0.334
/// ```
public enum HumanShuffle: Sendable, Hashable, CaseIterable {
    /// A riffle, in the Gilbert–Shannon–Reeds model: cut at a binomial(n, ½) point, then drop
    /// cards from the two halves with probability proportional to their sizes.
    case riffle
    /// An overhand shuffle (Pemantle's model): small packets, on average five cards, run from the
    /// top of the deck onto the table, so the order of the packets is reversed.
    case overhand
    /// A strip: the deck is run off in 3 to 6 packets of random sizes, reversing their order.
    case strip
    /// A cut near the middle: at a binomial(n, ½) point, the top part goes to the bottom.
    case cut
    /// A perfect faro out-shuffle: halves interleaved exactly, the top card stays on top
    /// (for an odd count, the top half has the extra card). Eight restore a 52-card deck.
    case faroOut
    /// A perfect faro in-shuffle: halves interleaved exactly, the top card goes second (for an
    /// odd count, the bottom half has the extra card). Fifty-two restore a 52-card deck.
    case faroIn
}

extension Array {
    /// Shuffles the elements `times` times the way a person would, with `generator`.
    public mutating func shuffle(like shuffle: HumanShuffle, times: Int = 1, using generator: inout some RandomNumberGenerator) {
        precondition(times >= 0, "times must be 0 or more")
        for _ in 0..<times {
            switch shuffle {
            case .riffle: riffle(using: &generator)
            case .overhand: runOffPackets(splitting: { _ in BoundedRandom.uniform(below: 5, using: &generator) == 0 })
            case .strip: strip(using: &generator)
            case .cut: cutNearMiddle(using: &generator)
            case .faroOut: self = Self.interleave(Array(self[..<((count + 1) / 2)]), Array(self[((count + 1) / 2)...]))
            case .faroIn: self = Self.interleave(Array(self[(count / 2)...]), Array(self[..<(count / 2)]))
            }
        }
    }

    /// Shuffles the elements `times` times the way a person would, with the secure default generator.
    public mutating func shuffle(like shuffle: HumanShuffle, times: Int = 1) {
        var generator = ThreadSecureGenerator()
        self.shuffle(like: shuffle, times: times, using: &generator)
    }

    /// How many of `count` fair coin flips come up heads: a binomial(count, ½) draw.
    private static func binomialHalf(_ count: Int, using generator: inout some RandomNumberGenerator) -> Int {
        var heads = 0
        var remaining = count
        while remaining > 0 {
            let word = generator.next()
            let take = Swift.min(remaining, 64)
            heads += (take == 64 ? word : word & ((1 << UInt64(take)) - 1)).nonzeroBitCount
            remaining -= take
        }
        return heads
    }

    private mutating func riffle(using generator: inout some RandomNumberGenerator) {
        let cut = Self.binomialHalf(count, using: &generator)
        var left = self[..<cut].makeIterator(), right = self[cut...].makeIterator()
        var leftCount = cut, rightCount = count - cut
        var result: [Element] = []
        result.reserveCapacity(count)
        while leftCount + rightCount > 0 {
            if BoundedRandom.uniform(below: UInt64(leftCount + rightCount), using: &generator) < leftCount {
                result.append(left.next()!)
                leftCount -= 1
            } else {
                result.append(right.next()!)
                rightCount -= 1
            }
        }
        self = result
    }

    private mutating func strip(using generator: inout some RandomNumberGenerator) {
        guard count > 1 else { return }
        let packets = Swift.min(count, 3 + Int(BoundedRandom.uniform(below: 4, using: &generator)))
        // Choose packets − 1 distinct boundaries among the count − 1 gaps between cards.
        var gaps = Array<Int>(1..<count)
        gaps.shuffle(with: &generator)
        let boundaries = Set(gaps.prefix(packets - 1))
        runOffPackets(splitting: { boundaries.contains($0) })
    }

    /// Splits the deck before every position `i` (1 ..< count) where `isBoundary(i)`, and puts
    /// the packets back in reverse order, each packet keeping its own order.
    private mutating func runOffPackets(splitting isBoundary: (Int) -> Bool) {
        var packets: [ArraySlice<Element>] = []
        var start = 0
        for position in 1..<Swift.max(count, 1) where isBoundary(position) {
            packets.append(self[start..<position])
            start = position
        }
        packets.append(self[start...])
        self = Array(packets.reversed().joined())
    }

    private mutating func cutNearMiddle(using generator: inout some RandomNumberGenerator) {
        guard count > 1 else { return }
        let position = Swift.min(Swift.max(Self.binomialHalf(count, using: &generator), 1), count - 1)
        self = Array(self[position...] + self[..<position])
    }

    private static func interleave(_ first: [Element], _ second: [Element]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(first.count + second.count)
        for index in 0..<Swift.max(first.count, second.count) {
            if index < first.count { result.append(first[index]) }
            if index < second.count { result.append(second[index]) }
        }
        return result
    }
}

extension PlayingCardDeck {
    /// Shuffles the deck `times` times the way a person would, with `generator`.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: ShuffleSeed(1))
    /// deck.shuffle(like: .riffle, times: 3, using: &generator)
    /// ```
    public mutating func shuffle(like shuffle: HumanShuffle, times: Int = 1, using generator: inout some RandomNumberGenerator) {
        stack.shuffle(like: shuffle, times: times, using: &generator)
    }

    /// Shuffles the deck `times` times the way a person would, with the secure default generator.
    public mutating func shuffle(like shuffle: HumanShuffle, times: Int = 1) {
        stack.shuffle(like: shuffle, times: times)
    }
}
