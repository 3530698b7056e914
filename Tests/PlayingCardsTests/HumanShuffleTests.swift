import Foundation
import PlayingCards
import Testing

@Suite("Human shuffles and riffle analysis")
struct HumanShuffleTests {
    @Test("Bayer–Diaconis: the published table for 52 cards, by computation")
    func publishedTable() {
        let published = [1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043]
        let computed = (1...10).map { ShuffleAnalysis.riffleDistance(cards: 52, riffles: $0) }
        for (k, (value, expected)) in zip(computed, published).enumerated() {
            #expect(abs(value - expected) < 0.0005, "k = \(k + 1): \(value)")
        }
        #expect(ShuffleAnalysis.riffles(toShuffle: 52) == 7)
        #expect(ShuffleAnalysis.riffles(toShuffle: 32) == 6)
        #expect(ShuffleAnalysis.riffleDistance(cards: 52, riffles: 0) > 0.999_999)
        #expect(ShuffleAnalysis.riffleDistance(cards: 52, riffles: 2_000) < 1e-12)
        #expect(ShuffleAnalysis.riffleDistance(cards: 1, riffles: 0) == 0)
    }

    /// The exact distribution of `k` GSR riffles of `n` cards, by enumerating every one of the
    /// 2^n equally likely (cut, drop) sequences for each riffle.
    static func bruteForceDistance(cards n: Int, riffles k: Int) -> Double {
        var distribution: [[Int]: Double] = [Array(0..<n): 1]
        for _ in 0..<k {
            var next: [[Int]: Double] = [:]
            for (order, probability) in distribution {
                for bits in 0..<(1 << n) {
                    // Bit i clear: position i takes the next card of the top packet.
                    let cut = (0..<n).filter { bits & (1 << $0) == 0 }.count
                    var top = order[..<cut].makeIterator(), bottom = order[cut...].makeIterator()
                    let result = (0..<n).map { bits & (1 << $0) == 0 ? top.next()! : bottom.next()! }
                    next[result, default: 0] += probability / Double(1 << n)
                }
            }
            distribution = next
        }
        let factorial = Double((1...n).reduce(1, *))
        let seen = distribution.values.reduce(0.0) { $0 + abs($1 - 1 / factorial) }
        let unseen = (factorial - Double(distribution.count)) / factorial
        return (seen + unseen) / 2
    }

    @Test("The exact distance matches brute-force enumeration", arguments: [(3, 1), (3, 2), (4, 1), (4, 2), (4, 3), (5, 1), (5, 2), (5, 3), (6, 2), (6, 4)])
    func matchesBruteForce(cards: Int, riffles: Int) {
        let exact = ShuffleAnalysis.riffleDistance(cards: cards, riffles: riffles)
        let brute = Self.bruteForceDistance(cards: cards, riffles: riffles)
        #expect(abs(exact - brute) < 1e-12, "n = \(cards), k = \(riffles): \(exact) vs \(brute)")
    }

    @Test("The riffle sampler follows the GSR model: one riffle of 4 cards")
    func riffleSamplerMatchesModel() {
        // Of the 16 equally likely drop sequences, 5 give the original order; 11 orders get 1 each.
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(8))
        let samples = 160_000
        var counts: [[Int]: Int] = [:]
        for _ in 0..<samples {
            var cards = [0, 1, 2, 3]
            cards.shuffle(like: .riffle, using: &generator)
            counts[cards, default: 0] += 1
            #expect(ShuffleAnalysis.risingSequences(of: cards) <= 2)
        }
        #expect(counts.count == 12)
        var chiSquare = 0.0
        for (order, count) in counts {
            let expected = Double(samples) * (order == [0, 1, 2, 3] ? 5 : 1) / 16
            chiSquare += pow(Double(count) - expected, 2) / expected
        }
        #expect(chiSquare < UniformityBattery.chiSquareThreshold(degreesOfFreedom: 11), "χ² = \(chiSquare)")
    }

    @Test func risingSequences() {
        #expect(ShuffleAnalysis.risingSequences(of: [0, 1, 2, 3]) == 1)
        #expect(ShuffleAnalysis.risingSequences(of: [3, 2, 1, 0]) == 4)
        #expect(ShuffleAnalysis.risingSequences(of: [0, 2, 1, 3]) == 2)
        #expect(ShuffleAnalysis.risingSequences(of: []) == 0)
        var deck = PlayingCardDeck()
        #expect(deck.risingSequences == 1)
        deck.shuffle(like: .riffle)
        #expect(deck.risingSequences! <= 2)
        _ = deck.draw()
        #expect(deck.risingSequences == nil)
    }

    @Test func faroShufflesAreExact() {
        var deck = PlayingCardDeck()
        deck.shuffle(like: .faroOut)
        #expect(deck.cards.prefix(4).map(\.description) == ["A♠", "A♣", "2♠", "2♣"])
        deck.shuffle(like: .faroOut, times: 7)
        #expect(deck == PlayingCardDeck(), "8 out-shuffles restore 52 cards")

        deck.shuffle(like: .faroIn)
        #expect(deck.cards.prefix(2).map(\.description) == ["A♣", "A♠"])
        deck.shuffle(like: .faroIn, times: 51)
        #expect(deck == PlayingCardDeck(), "52 in-shuffles restore 52 cards")

        var odd = Array(0..<5)
        odd.shuffle(like: .faroOut)
        #expect(odd == [0, 3, 1, 4, 2])
        odd = Array(0..<5)
        odd.shuffle(like: .faroIn)
        #expect(odd == [2, 0, 3, 1, 4])
    }

    @Test("Every human shuffle keeps the cards", arguments: HumanShuffle.allCases)
    func keepsTheCards(shuffle: HumanShuffle) {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(4))
        for size in [0, 1, 2, 3, 52, 54] {
            var cards = Array(0..<size)
            cards.shuffle(like: shuffle, times: 3, using: &generator)
            #expect(cards.sorted() == Array(0..<size))
        }
        var deck = PlayingCardDeck()
        deck.shuffle(like: shuffle)
        #expect(Set(deck.cards).count == 52)
    }

    /// The packets of a run-off shuffle: maximal runs of consecutive cards.
    static func packets(_ cards: [Int]) -> [[Int]] {
        var packets: [[Int]] = [[cards[0]]]
        for card in cards.dropFirst() {
            if card == packets[packets.count - 1].last! + 1 { packets[packets.count - 1].append(card) } else { packets.append([card]) }
        }
        return packets
    }

    @Test func overhandAndStripReverseTheirPackets() {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(6))
        for (shuffle, range) in [(HumanShuffle.strip, 3...6), (.overhand, 4...25)] {
            var cards = Array(0..<52)
            cards.shuffle(like: shuffle, using: &generator)
            let packets = Self.packets(cards)
            // Reversing the packets' order gives the original deck back.
            #expect(Array(packets.reversed().joined()) == Array(0..<52), "\(shuffle)")
            #expect(range.contains(packets.count), "\(shuffle): \(packets.count) packets")
        }
    }

    @Test func cutIsARotationNearTheMiddle() {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(6))
        for _ in 0..<100 {
            var cards = Array(0..<52)
            cards.shuffle(like: .cut, using: &generator)
            let top = cards[0]
            #expect(cards == (0..<52).map { (top + $0) % 52 })
            #expect((8...44).contains(top), "binomial(52, ½) cut at \(top)")
        }
    }
}
