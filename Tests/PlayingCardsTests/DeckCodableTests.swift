import Foundation
import PlayingCards
import Testing

@Suite("Saving and restoring a deck")
struct DeckCodableTests {
    @Test func roundTripsDeckAndPiles() throws {
        var deck = try PlayingCardDeck(jokers: 2, decks: 2)
        deck.shuffle(seed: ShuffleSeed(11))
        try deck.deal(cardsEach: 5, toPiles: ["alice", "bob"])
        let held = try deck.draw(3)
        try deck.add([held[0]], toPile: "discard")
        let data = try JSONEncoder().encode(deck)
        let restored = try JSONDecoder().decode(PlayingCardDeck.self, from: data)
        #expect(restored == deck)
        #expect(restored.pileNames == ["alice", "bob", "discard"])
        #expect(restored.cardsOut.count == 2)
    }

    @Test func savedFormIsDocumentedJSON() throws {
        var deck = PlayingCardDeck(cards: try [PlayingCard](parsing: "AS 10H X2"))
        try deck.deal(1, toPile: "discard")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(deck), as: UTF8.self)
        #expect(json == #"{"cards":["10H","X2"],"composition":["AS","10H","X2"],"piles":[{"cards":["AS"],"name":"discard"}],"version":1}"#)
    }

    func decodingError(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(PlayingCardDeck.self, from: Data(json.utf8))
            return "no error"
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test func invalidStateThrows() {
        #expect(decodingError(#"{"version":2,"composition":[],"cards":[],"piles":[]}"#)
            == "deck state version 2 is not supported; this library reads version 1")
        #expect(decodingError(#"{"version":1,"composition":["AS"],"cards":["AS","AS"],"piles":[]}"#)
            == "AS is in the deck and piles more times than the composition has it")
        #expect(decodingError(#"{"version":1,"composition":["AS"],"cards":[],"piles":[{"name":"p","cards":["KS"]}]}"#)
            == "KS is in the deck and piles more times than the composition has it")
        #expect(decodingError(#"{"version":1,"composition":["AS","ZZ"],"cards":[],"piles":[]}"#).contains("'ZZ' is not a playing card"))
        #expect(decodingError(#"{"version":1,"composition":["AS"],"cards":[],"piles":[{"name":"p","cards":[]},{"name":"p","cards":[]}]}"#)
            == "two piles are named 'p'")
        #expect(decodingError(#"{"version":1,"composition":["AS"],"cards":[],"piles":[{"name":"","cards":[]}]}"#)
            == "a pile has an empty name")
        #expect(decodingError(#"{"composition":[],"cards":[],"piles":[]}"#).contains("version"))
    }
}
