import Memorize
import PlayingCards
import Testing

/// Every rule of the game on small fixed deals, with a clock moved by hand.
@Suite("Memory game rules")
struct MemoryGameRulesTests {
    /// A B A B C C: cards 0 and 2 are a pair, 1 and 3, 4 and 5.
    static func game() throws -> MemoryGame<String> {
        try MemoryGame(dealing: ["A", "B", "A", "B", "C", "C"])
    }

    @Test func aNewGameIsFaceDownWithNoScore() throws {
        let game = try Self.game()
        #expect(game.cards.map(\.face) == ["A", "B", "A", "B", "C", "C"])
        #expect(game.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched && !$0.hasBeenSeen && $0.visibleFace == nil })
        #expect(game.score == 0 && !game.isFinished && game.turnStartedAt == nil)
    }

    @Test func theFirstChoiceTurnsOneCardAndStartsTheTurn() throws {
        var game = try Self.game()
        let clock = FakeClock()
        #expect(try game.choose(1, at: clock.now) == .turnedFirst)
        #expect(game.faceUpUnmatchedIndices == [1])
        #expect(game.cards[1].visibleFace == "B")
        #expect(game.turnStartedAt == clock.now && game.score == 0)
    }

    @Test(arguments: [
        (0, 20), (999, 20), (1_000, 18), (3_000, 14), (3_999, 14), (8_500, 4), (9_000, 2),
        (9_999, 2), (10_000, 2), (25_000, 2), (-5_000, 20),
    ] as [(Int64, Int)])
    func aMatchEarnsTwiceTheTimeBonus(milliseconds: Int64, points: Int) throws {
        var game = try Self.game()
        var clock = FakeClock()
        try game.choose(0, at: clock.now)
        clock.advance(milliseconds: milliseconds)
        #expect(try game.choose(2, at: clock.now) == .matched(points: points))
        #expect(game.score == points)
        #expect(game.cards[0].isMatched && game.cards[2].isMatched && game.cards[0].isFaceUp && game.cards[2].isFaceUp)
        #expect(game.faceUpUnmatchedIndices.isEmpty && game.turnStartedAt == nil)
    }

    @Test func aMismatchOfUnseenCardsCostsNothingAndLeavesBothFaceUp() throws {
        var game = try Self.game()
        var clock = FakeClock()
        try game.choose(0, at: clock.now)
        clock.advance(seconds: 2)
        #expect(try game.choose(1, at: clock.now) == .mismatched(penalty: 0))
        #expect(game.score == 0 && game.faceUpUnmatchedIndices == [0, 1])
        #expect(game.cards[0].hasBeenSeen && game.cards[1].hasBeenSeen && game.turnStartedAt == nil)
    }

    @Test func theNextChoiceAfterAMismatchTurnsTheTwoDown() throws {
        var game = try Self.game()
        var clock = FakeClock()
        try game.choose(0, at: clock.now)
        try game.choose(1, at: clock.now)
        clock.advance(seconds: 4)
        #expect(try game.choose(4, at: clock.now) == .turnedFirst)
        #expect(game.faceUpUnmatchedIndices == [4] && game.turnStartedAt == clock.now)
        #expect(game.cards[0].visibleFace == nil && game.cards[1].visibleFace == nil)
    }

    @Test func aMismatchCostsOneForEachCardSeenBefore() throws {
        var game = try Self.game()
        let clock = FakeClock()
        try game.choose(0, at: clock.now)   // A
        try game.choose(1, at: clock.now)   // B: both unseen, 0
        try game.choose(4, at: clock.now)   // C, unseen: A and B turn face down
        #expect(try game.choose(0, at: clock.now) == .mismatched(penalty: 1))   // A, seen
        #expect(game.score == -1)
        try game.choose(1, at: clock.now)   // B, seen
        #expect(try game.choose(4, at: clock.now) == .mismatched(penalty: 2))   // C, now seen
        #expect(game.score == -3)
    }

    @Test func theFirstCardOfATurnIsNotSeenBeforeThatTurn() throws {
        var game = try Self.game()
        let clock = FakeClock()
        try game.choose(4, at: clock.now)
        #expect(!game.cards[4].hasBeenSeen)
        #expect(try game.choose(0, at: clock.now) == .mismatched(penalty: 0))
    }

    @Test func pointsAndPenaltiesAddUpAndMayGoNegative() throws {
        var game = try Self.game()
        var clock = FakeClock()
        try game.choose(0, at: clock.now); try game.choose(1, at: clock.now)   // 0
        try game.choose(1, at: clock.now)   // face up from the mismatch: ignored
        try game.choose(3, at: clock.now); try game.choose(0, at: clock.now)   // A seen: -1
        try game.choose(1, at: clock.now); try game.choose(2, at: clock.now)   // B seen: -1
        #expect(game.score == -2)
        try game.choose(3, at: clock.now)
        clock.advance(seconds: 6)
        #expect(try game.choose(1, at: clock.now) == .matched(points: 8))   // B B after 6 s
        #expect(game.score == 6)
    }

    @Test func choosingAFaceUpOrMatchedCardDoesNothing() throws {
        var game = try Self.game()
        var clock = FakeClock()
        try game.choose(0, at: clock.now)
        var before = game
        clock.advance(seconds: 1)
        #expect(try game.choose(0, at: clock.now) == .ignored)
        #expect(game == before)

        try game.choose(2, at: clock.now)   // match
        before = game
        #expect(try game.choose(2, at: clock.now) == .ignored)
        #expect(game == before)

        try game.choose(1, at: clock.now); try game.choose(4, at: clock.now)   // mismatch
        before = game
        #expect(try game.choose(1, at: clock.now) == .ignored)
        #expect(try game.choose(4, at: clock.now) == .ignored)
        #expect(game == before)
    }

    @Test(arguments: [-1, 6, 100, Int.min, Int.max])
    func aCardThatIsNotThereIsRefused(index: Int) throws {
        var game = try Self.game()
        try game.choose(0, at: FakeClock().now)
        let before = game
        #expect(throws: MemoryGameError(.noSuchCard(index, count: 6))) { try game.choose(index, at: FakeClock().now) }
        #expect(game == before)
        #expect(MemoryGameError(.noSuchCard(index, count: 6)).description == "there is no card \(index): the cards are numbered 0 to 5")
    }

    @Test func theGameIsFinishedWhenEveryCardIsMatched() throws {
        var game = try Self.game()
        let clock = FakeClock()
        for (first, second) in [(0, 2), (1, 3)] {
            try game.choose(first, at: clock.now)
            try game.choose(second, at: clock.now)
            #expect(!game.isFinished)
        }
        try game.choose(4, at: clock.now)
        #expect(!game.isFinished)
        try game.choose(5, at: clock.now)
        #expect(game.isFinished && game.score == 60)
        #expect(game.cards.allSatisfy { $0.visibleFace == $0.face })
    }

    @Test func aDealMustHaveEachFaceExactlyTwice() {
        #expect(throws: MemoryGameError(.faceNotInAPair("A", count: 3))) { try MemoryGame(dealing: ["A", "B", "A", "B", "A"]) }
        #expect(throws: MemoryGameError(.faceNotInAPair("C", count: 1))) { try MemoryGame(dealing: ["A", "B", "A", "B", "C"]) }
        #expect(throws: MemoryGameError(.tooFewPairs(1))) { try MemoryGame(dealing: ["A", "A"]) }
        #expect(throws: MemoryGameError(.tooFewPairs(0))) { try MemoryGame<String>(dealing: []) }
        #expect(throws: MemoryGameError(.repeatedFace("B"))) { try MemoryGame(pairsOf: ["A", "B", "B"]) }
        #expect(MemoryGameError(.faceNotInAPair("A", count: 3)).description == "A is dealt 3 times: every face is dealt exactly twice")
        #expect(MemoryGameError(.faceNotInAPair("C", count: 1)).description == "C is dealt once: every face is dealt exactly twice")
    }

    @Test func aSeedReplaysTheDealAndASecureDealVaries() throws {
        let faces = Array("ABCDEFGHIJ").map(String.init)
        let seed = ShuffleSeed(2026)
        let first = try MemoryGame(pairsOf: faces, seed: seed)
        #expect(try MemoryGame(pairsOf: faces, seed: seed) == first)
        #expect(try MemoryGame(pairsOf: faces, seed: ShuffleSeed(2027)) != first)
        // The order is spc-shuffle-v1 of the faces listed twice, so it is the same forever.
        #expect(first.cards.map(\.face) == (faces + faces).shuffled(seed: seed))
        // Two secure deals of 20 cards agree with probability 2^10 / 20!, below 10^-14.
        #expect(try MemoryGame(pairsOf: faces).cards.map(\.face) != MemoryGame(pairsOf: faces).cards.map(\.face))
    }

    @Test func wholeSecondsRoundDownAndNeverGoBelowZero() {
        let start = MemoryTime(secondsSince1970: 10)
        #expect(MemoryTime(millisecondsSince1970: 12_999).wholeSeconds(since: start) == 2)
        #expect(MemoryTime(millisecondsSince1970: 9_000).wholeSeconds(since: start) == 0)
        #expect(MemoryTime(millisecondsSince1970: .max).wholeSeconds(since: MemoryTime(millisecondsSince1970: .min)) == Int64.max / 1000)
        #expect(MemoryTime(secondsSince1970: .max) == MemoryTime(millisecondsSince1970: .max))
        let now = MemoryTime.now.millisecondsSince1970
        #expect(now > 1_750_000_000_000 && now < 4_000_000_000_000, "the system clock reads \(now) ms since 1970")
    }
}
