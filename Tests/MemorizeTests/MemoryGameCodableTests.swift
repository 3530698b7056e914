import Foundation
import Memorize
import PlayingCards
import Testing

/// Saved games: the JSON form, exact restores, and states that decoding refuses.
@Suite("Memory game saved state")
struct MemoryGameCodableTests {
    static func json(_ game: MemoryGame<MemoryFace>) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(game), as: UTF8.self)
    }

    static func decode(_ json: String) throws -> MemoryGame<MemoryFace> {
        try JSONDecoder().decode(MemoryGame<MemoryFace>.self, from: Data(json.utf8))
    }

    static let ghost = MemoryFace.emoji("👻", name: "ghost")
    static let queen = MemoryFace.card(PlayingCard(.queen, of: .hearts))

    @Test func theSavedFormIsVersionedJSON() throws {
        var game = try MemoryGame(dealing: [Self.ghost, Self.queen, Self.queen, Self.ghost])
        try game.choose(1, at: MemoryTime(millisecondsSince1970: 1_795_426_200_000))
        #expect(try Self.json(game) == """
            {"cards":[{"face":{"emoji":"👻","name":"ghost"},"faceUp":false,"matched":false,"seen":false},\
            {"face":{"card":"QH"},"faceUp":true,"matched":false,"seen":false},\
            {"face":{"card":"QH"},"faceUp":false,"matched":false,"seen":false},\
            {"face":{"emoji":"👻","name":"ghost"},"faceUp":false,"matched":false,"seen":false}],\
            "score":0,"turnStartedAt":1795426200000,"version":1}
            """)
    }

    @Test func aRestoredGameScoresTheTurnItWasIn() throws {
        var game = try MemoryTheme.builtIn(named: "Halloween").newGame(seed: ShuffleSeed(5))
        let twin = game.cards.indices.dropFirst().first { game.cards[$0].face == game.cards[0].face }!
        var clock = FakeClock()
        try game.choose(0, at: clock.now)
        var restored = try Self.decode(Self.json(game))
        #expect(restored == game)
        clock.advance(seconds: 4)
        #expect(try restored.choose(twin, at: clock.now) == .matched(points: 12))
        #expect(try game.choose(twin, at: clock.now) == .matched(points: 12))
        #expect(try Self.decode(Self.json(restored)) == game)
    }

    static func card(_ face: String, up: Bool = false, matched: Bool = false) -> String {
        #"{"face":{"card":"\#(face)"},"faceUp":\#(up),"matched":\#(matched),"seen":false}"#
    }

    static func state(_ cards: [String], turn: String = "", version: Int = 1) -> String {
        #"{"version":\#(version),"score":3,"cards":[\#(cards.joined(separator: ","))]\#(turn)}"#
    }

    @Test(arguments: [
        (state([card("AS"), card("AS"), card("KH"), card("KH")], version: 2), "version 2 is not supported"),
        (state([card("AS"), card("AS"), card("AS"), card("KH")]), "A♠ is dealt 3 times"),
        (state([card("AS"), card("AS")]), "at least 2 pairs, not 1"),
        (state([card("AS", matched: true), card("AS", matched: true), card("KH"), card("KH")]), "card 0 is matched but face down"),
        (state([card("AS", up: true, matched: true), card("AS"), card("KH"), card("KH")]), "card 0 is matched but its twin is not"),
        (state([card("AS", up: true), card("KH", up: true), card("QH", up: true), card("AS"), card("KH"), card("QH")]), "3 unmatched cards are face up"),
        (state([card("AS", up: true), card("AS", up: true), card("KH"), card("KH")]), "a face-up pair but not matched"),
        (state([card("AS", up: true), card("AS"), card("KH"), card("KH")]), "turnStartedAt is missing"),
        (state([card("AS"), card("AS"), card("KH"), card("KH")], turn: #","turnStartedAt":5"#), "turnStartedAt is set but 0"),
        (state([card("AS"), card("AS"), card("KH"), card("ZZ")]), "'ZZ' is not a playing card"),
        (#"{"version":1,"score":0,"cards":[{"face":{"emoji":"👻","name":""},"faceUp":false,"matched":false,"seen":false}]}"#, "has no name"),
    ] as [(String, String)])
    func decodingRefusesStatesNoGameReaches(json: String, message: String) {
        do {
            _ = try Self.decode(json)
            Issue.record("decoded \(json)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
