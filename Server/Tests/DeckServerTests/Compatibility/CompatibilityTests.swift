import Foundation
import Testing

/// Calls real apps written for deckofcardsapi make, answered as deckofcardsapi answers them,
/// end to end on the built server over both stores.
@Suite("deckofcardsapi compatibility, end to end", .serialized)
struct CompatibilityTests {
    @Test("listing a pile that does not exist: 200 with every pile's count; an unknown deck stays a JSON 404", arguments: TestStore.allCases)
    func listUnknownPile(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=5").codes
            _ = try await server.get("/api/deck/\(id)/pile/discard/add/?cards=\(drawn[0]),\(drawn[1])")
            _ = try await server.get("/api/deck/\(id)/pile/player1/add/?cards=\(drawn[2])")

            // The React hook's call after a reload: a pile named "undefined".
            let answer = try await server.get("/api/deck/\(id)/pile/undefined/list/")
            #expect(answer.status == 200, "\(answer.text)")
            let deck = try answer.deck
            #expect(deck.success)
            #expect(deck.remaining == 47)
            #expect(deck.piles?.keys.sorted() == ["discard", "player1"])
            #expect(deck.piles?["discard"] == PileAnswer(remaining: 2, cards: nil))
            #expect(deck.piles?["player1"] == PileAnswer(remaining: 1, cards: nil))
            #expect(!answer.text.contains("undefined"))

            // A deck with no piles at all answers the same way, with no piles.
            let bare = try await server.newDeck()
            let empty = try await server.get("/api/deck/\(bare)/pile/undefined/list/")
            #expect(empty.status == 200)
            #expect(try empty.deck.piles == [:])

            let unknown = try await server.get("/api/deck/\(String(repeating: "a", count: 26))/pile/discard/list/")
            #expect(unknown.status == 404)
            #expect(unknown.headers["Content-Type"].first?.hasPrefix("application/json") == true)
            #expect(unknown.error.hasPrefix("Deck ID does not exist"), "\(unknown.error)")
        }
    }

    @Test("add with an empty cards= makes the pile, empty; an empty item between commas is still refused by position", arguments: TestStore.allCases)
    func addNoCards(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            let made = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=")
            #expect(made.status == 200, "\(made.text)")
            #expect(made.pileCount("hand") == 0)
            #expect(made.remaining == 52)
            #expect(try await server.post("/api/deck/\(id)/pile/hand/add/", "cards=").status == 200)
            let listed = try await server.get("/api/deck/\(id)/pile/hand/list/")
            #expect(try listed.deck.piles?["hand"] == PileAnswer(remaining: 0, cards: []))

            // Adding nothing to a pile that has cards leaves it as it is.
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=2").codes
            _ = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn[0])")
            #expect(try await server.get("/api/deck/\(id)/pile/hand/add/?cards=").pileCount("hand") == 1)

            let gap = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn[1]),,KD")
            #expect(gap.status == 400)
            #expect(gap.error.contains("'' (item 2)"), "\(gap.error)")
            #expect(try await server.get("/api/deck/\(id)/pile/hand/list/").pileCodes("hand") == [drawn[0]])
        }
    }

    @Test("an error about several bad cards names every one of them", arguments: TestStore.allCases)
    func everyBadCardNamed(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            let add = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,3S,2S")
            #expect(add.status == 400)
            for code in ["(AS)", "(3S)", "(2S)"] { #expect(add.error.contains(code), "\(add.error)") }
            #expect(add.error.contains("already in the deck"))

            let drawn = try await server.get("/api/deck/\(id)/draw/?count=3").codes
            #expect(drawn == ["AS", "2S", "3S"])
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS")
            // 2S is out and may go back; AS is in a pile; 4S and 5S are still in the deck.
            let back = try await server.get("/api/deck/\(id)/return/?cards=2S,AS,4S,5S")
            #expect(back.status == 400)
            for code in ["(AS)", "(4S)", "(5S)"] { #expect(back.error.contains(code), "\(back.error)") }
            #expect(!back.error.contains("(2S)"), "\(back.error)")

            let take = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=AS,2S,3S")
            #expect(take.status == 400)
            for code in ["(2S)", "(3S)"] { #expect(take.error.contains(code), "\(take.error)") }
            #expect(!take.error.contains("(AS)"), "\(take.error)")

            // Nothing moved.
            let deck = try await server.get("/api/deck/\(id)/pile/p/list/")
            #expect(deck.remaining == 49)
            #expect(deck.pileCodes("p") == ["AS"])
        }
    }
}
