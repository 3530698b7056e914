import Foundation
import Memorize
import PlayingCards
import Testing

/// The library guide's Memorize example, compiled and run; `ReadmeExamplesTests` checks that the
/// block between the markers appears verbatim in docs/library.md.
@Suite("README Memorize example")
struct ReadmeMemorizeExamples {
    @Test func memorize() throws {
        // README: memorize
        let halloween = try MemoryTheme.builtIn(named: "Halloween")   // or MemoryTheme.randomBuiltIn()
        var game = try halloween.newGame()                           // 8 pairs from a secret random seed
        try game.choose(0)                                           // turns a card; now is the clock
        let outcome = try game.choose(1, at: .now)                   // .matched(points:) or .mismatched(penalty:)
        print(game.cards[0].visibleFace?.name ?? "face down")        // "ghost", say: faces only when shown
        let saved = try JSONEncoder().encode(game)                   // versioned, checked when decoded
        let birds = try MemoryTheme("Birds", color: "#2a9d8f", faces: [.emoji("🦉", name: "owl"), .emoji("🦆", name: "duck")])
        // END
        #expect(outcome != .ignored && outcome != .turnedFirst && game.score <= 20 && game.score >= 0)
        #expect(try JSONDecoder().decode(MemoryGame<MemoryFace>.self, from: saved) == game)
        #expect(try birds.newGame().cards.count == 4)
    }
}
