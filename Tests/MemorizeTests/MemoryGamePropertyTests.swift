import Foundation
import Memorize
import PlayingCards
import PropertyBased
import Testing

/// Random games of every built-in theme, played with random choices at random times.
@Suite("Memory game invariants")
struct MemoryGamePropertyTests {
    /// A choice: the card (sometimes one that is not there) and the milliseconds since the
    /// last choice (sometimes the clock goes back).
    static let choices = Gen.int(in: -1...30).array(of: 0...200)
    static let delays = Gen.int(in: -2_000...15_000).array(of: 200)
    static let themes = Gen.int(in: 0...(MemoryTheme.builtIn.count - 1))
    static let seeds = Gen.uint64()

    /// The score change the rules give, worked out from the game before the choice.
    static func expectedChange(choosing index: Int, in game: MemoryGame<MemoryFace>, at time: MemoryTime) -> Int {
        let card = game.cards[index]
        let faceUp = game.faceUpUnmatchedIndices
        guard !card.isFaceUp, !card.isMatched, faceUp.count == 1 else { return 0 }
        let other = game.cards[faceUp[0]]
        if other.face == card.face {
            let seconds = max(0, (time.millisecondsSince1970 - game.turnStartedAt!.millisecondsSince1970) / 1000)
            return 2 * Int(max(10 - seconds, 1))
        }
        return -[card, other].count(where: \.hasBeenSeen)
    }

    @Test func randomPlayKeepsEveryRule() async {
        await propertyCheck(count: 300, input: Self.themes, Self.seeds, Self.choices, Self.delays) { theme, seed, choices, delays in
            var game = try! MemoryTheme.builtIn[theme].newGame(seed: ShuffleSeed(seed))
            var clock = FakeClock()
            for (step, choice) in choices.enumerated() {
                clock.advance(milliseconds: Int64(delays[step]))
                let index = choice == 30 ? game.cards.count : min(choice, game.cards.count - 1)
                let before = game
                guard game.cards.indices.contains(index) else {
                    #expect(throws: MemoryGameError.self) { try game.choose(index, at: clock.now) }
                    #expect(game == before)
                    continue
                }
                let change = Self.expectedChange(choosing: index, in: before, at: clock.now)
                let outcome = try! game.choose(index, at: clock.now)
                #expect(game.score - before.score == change, "\(outcome)")
                #expect(game.faceUpUnmatchedIndices.count <= 2)
                let newlyMatched = game.cards.indices.filter { game.cards[$0].isMatched && !before.cards[$0].isMatched }
                #expect(newlyMatched.isEmpty || (newlyMatched.count == 2 && game.cards[newlyMatched[0]].face == game.cards[newlyMatched[1]].face))
                #expect(zip(before.cards, game.cards).allSatisfy { $0.face == $1.face && (!$0.isMatched || $1.isMatched) })
                #expect(game.isFinished == game.cards.allSatisfy(\.isMatched))
            }
            let restored = try! JSONDecoder().decode(MemoryGame<MemoryFace>.self, from: JSONEncoder().encode(game))
            #expect(restored == game)
        }
    }

    @Test func everyDealHasEachFaceExactlyTwice() async {
        await propertyCheck(count: 300, input: Self.themes, Self.seeds, Gen.int(in: 0...14)) { theme, seed, pairs in
            let theme = MemoryTheme.builtIn[theme]
            let asked = pairs < 2 ? nil : pairs
            do {
                let game = try theme.newGame(pairs: asked, seed: ShuffleSeed(seed))
                let counts = game.cards.reduce(into: [MemoryFace: Int]()) { $0[$1.face, default: 0] += 1 }
                #expect(counts.values.allSatisfy { $0 == 2 })
                #expect(Set(counts.keys).isSubset(of: Set(theme.faces)))
                #expect(counts.count == asked ?? theme.pairs ?? counts.count)
                #expect((2...theme.faces.count).contains(counts.count))
            } catch {
                #expect(asked.map { $0 > theme.faces.count } == true, "\(error)")
            }
        }
    }

    @Test func playingEveryPairInTurnFinishesTheGameWithTheTimeBonuses() async {
        await propertyCheck(count: 100, input: Self.themes, Self.seeds, Gen.int(in: 0...12_000).array(of: 26)) { theme, seed, delays in
            var game = try! MemoryTheme.builtIn[theme].newGame(seed: ShuffleSeed(seed))
            var clock = FakeClock()
            var expected = 0
            var unmatched = Array(game.cards.indices)
            var pair = 0
            while let first = unmatched.first {
                let twin = unmatched.dropFirst().first { game.cards[$0].face == game.cards[first].face }!
                try! game.choose(first, at: clock.now)
                clock.advance(milliseconds: Int64(delays[pair]))
                try! game.choose(twin, at: clock.now)
                expected += 2 * max(10 - delays[pair] / 1000, 1)
                unmatched.removeAll { $0 == first || $0 == twin }
                pair += 1
            }
            #expect(game.isFinished && game.score == expected)
        }
    }
}
