import Foundation
import PlayingCards
import Testing

/// The library guide's examples, compiled and run. Each block between `// README:` markers appears
/// verbatim in docs/library.md, every Swift example of README.md is one of them (or the
/// Package.swift lines), and `guidesShowTheseExamples` fails when they drift apart.
@Suite("README examples")
struct ReadmeExamplesTests {
    @Test func cardsAndNotation() throws {
        // README: cards
        let queen = try PlayingCard("Q♥")
        print(queen)                       // Q♥
        print(queen.formatted(.name))      // Queen of Hearts
        print(queen.formatted(.code()))    // QH
        let hand = try [PlayingCard](parsing: "AS KD 10H")
        // END
        #expect(queen == PlayingCard(.queen, of: .hearts) && hand.count == 3)
    }

    @Test func decks() throws {
        // README: decks
        var deck = PlayingCardDeck()           // 52 cards, new-deck order
        deck.shuffle()                         // secure, fast, fair
        let top = deck.draw()                  // one card, or nil when empty
        let five = try deck.draw(5)            // all or nothing
        let hands = try deck.deal(hands: 4, cardsEach: 5)
        try deck.return(five)                  // only cards that came from this deck
        // END
        #expect(top != nil && hands.count == 4 && deck.count == 31)
    }

    @Test func piles() throws {
        var deck = PlayingCardDeck()
        let held = try deck.draw(1)
        let card = held[0]
        // README: piles
        try deck.deal(cardsEach: 7, toPiles: ["alice", "bob"])
        try deck.add([card], toPile: "discard")     // a card the game holds
        let drawn = try deck.drawFromPile("discard")
        try deck.returnPile("alice")                // back into the deck
        let saved = try JSONEncoder().encode(deck)  // deck and piles, versioned
        let restored = try JSONDecoder().decode(PlayingCardDeck.self, from: saved)
        // END
        #expect(drawn == card && restored == deck)
    }

    @Test func shuffles() throws {
        var deck = PlayingCardDeck()
        // README: shuffles
        let seed = try ShuffleSeed(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        deck.shuffle(seed: seed)       // the same order everywhere, forever: 6♠ 10♣ K♣ Q♦ …
        var generator = Xoshiro256StarStar(seed: seed)
        deck.shuffle(using: &generator)
        deck.shuffle(like: .riffle, times: 7)
        let distance = ShuffleAnalysis.riffleDistance(cards: 52, riffles: 7)   // 0.334
        let riffles = ShuffleAnalysis.riffles(toShuffle: 32)                   // 6
        // END
        #expect(abs(distance - 0.334) < 0.001 && riffles == 6)
    }

    @Test func errors() {
        // README: errors
        do {
            _ = try PlayingCard("1H")
        } catch {
            print(error)   // '1H' is not a playing card: '1' is not a rank (A, 2–10, T, 0 for ten, J, Q, K)
        }
        // END
        #expect(throws: PlayingCardParseError.self) { try PlayingCard("1H") }
    }

    /// The code between `// README: name` and `// END`, without its indentation.
    static func blocks(in source: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// README:") { current = [] } else if trimmed == "// END", let lines = current {
                let indent = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                blocks.append(lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n"))
                current = nil
            } else if current != nil { current!.append(line) }
        }
        return blocks
    }

    @Test func guidesShowTheseExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let rendering = root.appendingPathComponent("Tests/PlayingCardRenderingTests/ReadmeRenderingExamples.swift")
        let memorize = root.appendingPathComponent("Tests/MemorizeTests/ReadmeMemorizeExamples.swift")
        let tested = Self.blocks(in: try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8))
            + Self.blocks(in: try String(contentsOf: rendering, encoding: .utf8))
            + Self.blocks(in: try String(contentsOf: memorize, encoding: .utf8))
        #expect(tested.count == 8)
        for block in tested {
            #expect(guide.contains("```swift\n" + block + "\n```"), "docs/library.md lacks this tested example:\n\(block)")
        }
        let readmeExamples = Self.swiftBlocks(in: readme)
        #expect(!readmeExamples.isEmpty)
        for block in readmeExamples where !block.hasPrefix("// Package.swift") {
            #expect(tested.contains(block), "README.md shows an example no test runs:\n\(block)")
        }
    }

    /// The contents of a Markdown text's ```swift blocks.
    static func swiftBlocks(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }
}
