@testable import PlayingCards
import Foundation
import Testing

@Suite("Reproducible shuffles")
struct ShuffleTests {
    static let seed = try! ShuffleSeed(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")

    static func codes(_ cards: [PlayingCard]) -> String {
        cards.map { $0.formatted(.code()) }.joined(separator: " ")
    }

    // The golden vectors of spc-shuffle-v1, also printed in the documentation
    // (ReproducibleShuffles.md). They must never change: a new algorithm gets a new version.
    @Test func goldenVector52() {
        #expect(Self.codes(PlayingCardDeck().shuffled(seed: Self.seed).cards)
            == "6S 10C KC QD 2S JS KS 9H AD 3C 8C 6C 2H 5C 8D 7C 6D AS 3H 6H 4H 10S 4D AH 5H 8S 3D 9D AC 5D 9S 7S KH 9C 8H QS JH JC 10H 5S KD 4S QC 2C JD 7D 2D 7H QH 4C 3S 10D")
    }

    @Test func goldenVector54() throws {
        #expect(Self.codes(try PlayingCardDeck(jokers: 2).shuffled(seed: Self.seed).cards)
            == "10C 7H 6H QD 9C QS 2S 3C AC 9D AD 5S 4H 10H 3H JD KH QH X1 JC 3S KD 6C JH 2C 8S 6D 2H 5D JS AS 3D 2D 4C 7S 6S 5C 9S 8C AH 10S X2 KS KC 4S QC 4D 8D 8H 7D 5H 7C 9H 10D")
    }

    @Test func goldenVectorSixDeckShoe() throws {
        let expected = [
            "9S JC 3H KS 5D 5C 4C 10D AC 5C 6S 10D 3S 10H 2D 2H 8H QC 2H 6C 6H AH JS 8D JD 8H",
            "3H 3D 2H AS QD 6D JC 10S 9D 9H 6C 10C KS 3D JS KC 3S 7S 6D 3S JH AS 4D 8C 8H AD",
            "JC KD 3C 5H 6H AD KD 4S 3C 3C QH 5C 6C 2C 7C JS KH 6H 10H 10D 3D KH 2C JS 6S 4D",
            "10S 8S 2S 5S 9H KC 5S 2H JH 7S 8D 9D QD 9D KC JS QH QS QC 6D 5C QS QS 2C 8S 5D",
            "10D QS AS 9C 9C 4H AH KS AD JD 3S 5H 5S AC 3C 2C 4S 10S 7C 6S 2C 5D 5H 9S AC 4C",
            "10C 5C 8C 10H 5S 7S 2D 9S QC 3H 2H 10S JH 6C KD 10D 8H QH 7S 4H QD AD KS 2S QS KC",
            "9C 9S 6S 9H 5H 9H 7C AH 8S 10H 7H 9S 8C 5D 9S KS 10H 9H QD JS 5D 8D AS 8C 3S JH",
            "QC 2D 5C 7D 7D 7C 4C 8S AD KC KH 7D 3H 9D 10S QD 8C JH 4H 4S 6C KH KD 10S JC 7H",
            "9D KS 3S 7H 2S 3H 3D 4D 5H AS AD 8C 4H 10C 4C 10C 8S AS JH 3D 2C QD JC QH 5S 9C",
            "4D 4H 9C JD 2D AH 2S 7D 3C 10C QC 5S 8D 9C 6C 7H 6S 10H 3D JC 7H 4C KC 10D AC 4D",
            "9D 7D 6H 8H 6S KH 7D 6D AC 4D 8D 10C 6H QC 4S 2D 2H JD 7H QH QS 8S 8D KH AH JD",
            "4S 6D 3H 4C AH 2S 7S 7C KD 4S 5H 9H 8H 7S 2D JD QH 6D 6H AC 2S KD 5D 7C 4H 3C",
        ].joined(separator: " ")
        let shoe = try PlayingCardDeck(decks: 6)
        #expect(Self.codes(shoe.shuffled(seed: Self.seed).cards) == expected)
        #expect(Self.codes(ReferenceShuffle.shuffle(shoe.cards, seed: Self.seed)) == expected)
    }

    @Test func smallSeedsGiveUnrelatedOrders() {
        #expect(Self.codes(Array(PlayingCardDeck().shuffled(seed: ShuffleSeed(1)).cards.prefix(13))) == "4D 10D 8D 9C 6D 5C 2S AH 3H 5S 2C AS QS")
        #expect(Self.codes(Array(PlayingCardDeck().shuffled(seed: ShuffleSeed(2)).cards.prefix(13))) == "7H 8S 4H 8D 3H 4C JC 8H 3S 10S QH 2C 5H")
        #expect(Self.codes(Array(PlayingCardDeck().shuffled(seed: ShuffleSeed(3)).cards.prefix(13))) == "9H 8D 4H AC 2S KS 7D 10D 7C QD 8C 8S 4D")
    }

    @Test("The library matches the documented algorithm for many seeds and sizes")
    func matchesTheReference() {
        for n in [0, 1, 2, 3, 5, 13, 52, 54, 104, 312, 1000] {
            for k in 0..<200 {
                let seed = ShuffleSeed(words: (UInt64(k), UInt64(n), 0xDEAD_BEEF, UInt64(k * n)))
                let items = Array(0..<n)
                #expect(items.shuffled(seed: seed) == ReferenceShuffle.shuffle(items, seed: seed), "n = \(n), seed \(k)")
            }
        }
    }

    /// Replays fixed words, then falls back to a seeded stream.
    struct ScriptedWords: RandomNumberGenerator {
        var script: [UInt64]
        var rest = Xoshiro256StarStar(seed: ShuffleSeed(99))
        mutating func next() -> UInt64 { script.isEmpty ? rest.next() : script.removeFirst() }
    }

    @Test("A rejected batch is undone exactly")
    func rejectedBatchesAreUndone() {
        // A word of 0 makes every roll 0 and leaves 0 as the low word: below 2^64 mod P, so the
        // batch must be thrown away and the next word used.
        for script in [[0], [0, 0], [1, 0, 0]] as [[UInt64]] {
            var library = ScriptedWords(script: script)
            var reference = ScriptedWords(script: script)
            var cards = Array(0..<52)
            cards.shuffle(with: &library)
            #expect(cards == ReferenceShuffle.shuffle(Array(0..<52), words: { reference.next() }))
            #expect(Set(cards) == Set(0..<52))
        }
    }

    @Test func uniformBoundedIntegersRejectTheBiasedZone() {
        var scripted = ScriptedWords(script: [0, UInt64.max])
        // 0 × 6 leaves low word 0 < 2^64 mod 6 = 4: rejected; UInt64.max × 6 gives roll 5.
        #expect(BoundedRandom.uniform(below: 6, using: &scripted) == 5)
    }

    @Test func xoshiroMatchesItsReferenceOutput() {
        // State (1, 2, 3, 4): the first outputs of the authors' C code.
        var generator = Xoshiro256StarStar(state: (1, 2, 3, 4))
        #expect((0..<4).map { _ in generator.next() } == [11520, 0, 1509978240, 1215971899390074240])
    }

    @Test func seedsParseAndPrint() throws {
        #expect(Self.seed.hex == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        #expect(Self.seed.bytes == Array(0..<32))
        #expect(try ShuffleSeed(bytes: Array(0..<32)) == Self.seed)
        #expect(try ShuffleSeed(hex: Self.seed.hex.uppercased()) == Self.seed)
        #expect(ShuffleSeed(1).hex == "01" + String(repeating: "0", count: 62))
        #expect(ShuffleSeed.random() != ShuffleSeed.random())
        #expect(throws: ShuffleSeedError.wrongHexLength(3)) { try ShuffleSeed(hex: "abc") }
        #expect(throws: ShuffleSeedError.wrongByteCount(31)) { try ShuffleSeed(bytes: Array(repeating: 0, count: 31)) }
        let bad = String(repeating: "0", count: 10) + "g" + String(repeating: "0", count: 53)
        #expect(throws: ShuffleSeedError.notHex("g", position: 11)) { try ShuffleSeed(hex: bad) }
        #expect(ShuffleSeedError.notHex("g", position: 11).description == "'g' at position 11 of the seed is not a hexadecimal digit (0–9, a–f)")
    }

    @Test func shuffleAndDealIsReproducible() throws {
        var first = PlayingCardDeck(), second = PlayingCardDeck()
        let a = try first.shuffleAndDeal(hands: 4, cardsEach: 5, seed: ShuffleSeed(2026))
        let b = try second.shuffleAndDeal(hands: 4, cardsEach: 5, seed: ShuffleSeed(2026))
        #expect(a == b && first == second && first.count == 32)
        var shuffled = PlayingCardDeck().shuffled(seed: ShuffleSeed(2026))
        #expect(try shuffled.deal(hands: 4, cardsEach: 5) == a)
        var small = PlayingCardDeck()
        #expect(throws: DeckError.self) { try small.shuffleAndDeal(hands: 11, cardsEach: 5, seed: ShuffleSeed(1)) }
        #expect(small == PlayingCardDeck())
    }
}

@Suite("Secure generators")
struct SecureGeneratorTests {
    static func bytes(_ words: [UInt64]) -> [UInt8] {
        words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    @Test("ChaCha20 block function: RFC 8439 section 2.3.2")
    func rfc8439BlockVector() {
        let key = ChaCha20.key(0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908, 0x1716_1514_1312_1110, 0x1F1E_1D1C_1B1A_1918)
        var words = [UInt64](repeating: 0, count: 32)
        // RFC nonce 00:00:00:09 00:00:00:4a 00:00:00:00 → state words 13, 14, 15.
        ChaCha20.fourBlocks(key: key, counter: 1 | 0x0900_0000 << 32, nonce: 0x4A00_0000, into: &words)
        #expect(Self.bytes(Array(words.prefix(8))) == Self.hex("""
            10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4 c7 d1 f4 c7 33 c0 68 03 04 22 aa 9a c3 d4 6c 4e
            d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2 b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e
            """))
    }

    @Test("ChaCha20 keystream: RFC 8439 appendix A.1, test vector 1 (zero key)")
    func zeroKeyVector() {
        var generator = ChaCha20Random(seed: ShuffleSeed(words: (0, 0, 0, 0)))
        #expect(Self.bytes((0..<8).map { _ in generator.next() }) == Self.hex("""
            76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28 bd d2 19 b8 a0 8d ed 1a a8 36 ef cc 8b 77 0d c7
            da 41 59 7c 51 57 48 8d 77 24 e0 3f b8 d8 4a 37 6a 43 b8 f4 15 18 a1 1c c3 87 b6 69 b2 ee 65 86
            """))
    }

    @Test func chachaRandomIsContinuousAcrossBlocks() {
        var generator = ChaCha20Random(seed: ShuffleSeed(5))
        let stream = (0..<100).map { _ in generator.next() }
        var again = ChaCha20Random(seed: ShuffleSeed(5))
        #expect((0..<100).map { _ in again.next() } == stream)
        #expect(Set(stream).count == 100)
    }

    @Test func fastKeyErasureEngineIsDeterministicForAFixedKey() {
        let key = ChaCha20.key(1, 2, 3, 4)
        let a = SecureEngine(key: key), b = SecureEngine(key: key)
        let first = (0..<1000).map { _ in a.next() }
        #expect((0..<1000).map { _ in b.next() } == first)
        // The first words served are block 0's words 4..., never the 4 words that became the next key.
        var words = [UInt64](repeating: 0, count: 32)
        ChaCha20.fourBlocks(key: key, counter: 0, nonce: 0, into: &words)
        #expect(Array(first.prefix(4)) == Array(words[4..<8]))
        #expect(!first.contains(words[0]) && !first.contains(words[3]))
        // After a refill (124 words) the stream comes from the erased-and-replaced key.
        let nextKey = ChaCha20.key(words[0], words[1], words[2], words[3])
        var refilled = [UInt64](repeating: 0, count: 32)
        ChaCha20.fourBlocks(key: nextKey, counter: 0, nonce: 0, into: &refilled)
        #expect(first[124] == refilled[4])
    }

    @Test("The engine takes a fresh key from the system after 1,024 refills (about 1 MiB)")
    func rekeysFromTheSystem() {
        let key = ChaCha20.key(5, 6, 7, 8)
        let fixed = SecureEngine(key: key), reseeding = SecureEngine(key: key, reseeds: true)
        let wordsBeforeReseed = 1023 * 124  // refills 1...1023 use keys derived from `key`
        var identical = 0
        for _ in 0..<wordsBeforeReseed where fixed.next() == reseeding.next() { identical += 1 }
        #expect(identical == wordsBeforeReseed)
        let after = (0..<124).filter { _ in fixed.next() == reseeding.next() }.count
        #expect(after == 0, "refill 1,024 must come from a new system key")
    }

    @Test func secureDefaultIsSafeFromManyTasks() async {
        let results = await withTaskGroup(of: [[PlayingCard]].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<500).map { _ in PlayingCardDeck().shuffled().cards }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 4000)
        #expect(results.allSatisfy { Set($0).count == 52 })
        #expect(Set(results).count == 4000)  // no two tasks shared a stream
    }
}

@Suite("Documentation")
struct DocumentationVectorTests {
    @Test("The documentation prints the golden vectors the tests check")
    func documentedVectorsMatch() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/PlayingCards/PlayingCards.docc/ReproducibleShuffles.md"), encoding: .utf8)
        let flat = article.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let seed = try ShuffleSeed(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        for deck in [PlayingCardDeck(), try PlayingCardDeck(jokers: 2), try PlayingCardDeck(decks: 6)] {
            let vector = ShuffleTests.codes(deck.shuffled(seed: seed).cards)
            #expect(flat.contains(vector), "the article lacks the \(deck.count)-card vector")
        }
        for n: UInt64 in 1...3 {
            let vector = ShuffleTests.codes(Array(PlayingCardDeck().shuffled(seed: ShuffleSeed(n)).cards.prefix(13)))
            #expect(flat.contains("\(n): \(vector)"))
        }
    }
}
