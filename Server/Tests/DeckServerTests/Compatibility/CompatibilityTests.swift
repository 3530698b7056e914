@testable import DeckServerHTTP
import DeckTestSupport
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
            #expect(deck.piles?.piles.map(\.name).sorted() == ["discard", "player1"])
            #expect(deck.piles?["discard"] == PilesJSON.Pile(remaining: 2, cards: nil))
            #expect(deck.piles?["player1"] == PilesJSON.Pile(remaining: 1, cards: nil))
            #expect(!answer.text.contains("undefined"))

            // A deck with no piles at all answers the same way, with no piles.
            let bare = try await server.newDeck()
            let empty = try await server.get("/api/deck/\(bare)/pile/undefined/list/")
            #expect(empty.status == 200)
            #expect(try empty.deck.piles?.piles.isEmpty == true)

            let unknown = try await server.get("/api/deck/\(String(repeating: "a", count: 26))/pile/discard/list/")
            #expect(unknown.status == 404)
            #expect(unknown.headers["Content-Type"].first?.hasPrefix("application/json") == true)
            #expect(unknown.error.hasPrefix("Deck ID does not exist"), "\(unknown.error)")
        }
    }

    @Test("add with an empty cards= makes the pile, empty; an empty item between commas is ignored and listed (strictly, refused by position)", arguments: TestStore.allCases)
    func addNoCards(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            let made = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=")
            #expect(made.status == 200, "\(made.text)")
            #expect(made.pileCount("hand") == 0)
            #expect(made.remaining == 52)
            #expect(try await server.post("/api/deck/\(id)/pile/hand/add/", "cards=").status == 200)
            let listed = try await server.get("/api/deck/\(id)/pile/hand/list/")
            #expect(try listed.deck.piles?["hand"] == PilesJSON.Pile(remaining: 0, cards: []))

            // Adding nothing to a pile that has cards leaves it as it is.
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=2").codes
            _ = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn[0])")
            #expect(try await server.get("/api/deck/\(id)/pile/hand/add/?cards=").pileCount("hand") == 1)

            let strictGap = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn[1]),,KD&strict=true")
            #expect(strictGap.status == 400)
            #expect(strictGap.error.contains("'' (item 2)"), "\(strictGap.error)")
            #expect(try await server.get("/api/deck/\(id)/pile/hand/list/").pileCodes("hand") == [drawn[0]])

            let gap = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn[1]),,KD")
            #expect(gap.status == 200, "\(gap.text)")
            #expect(try gap.deck.ignored == [""])
            #expect(try gap.deck.notAdded == [LeftOutJSON(code: "KD", reason: "in the deck")])
            #expect(try await server.get("/api/deck/\(id)/pile/hand/list/").pileCodes("hand") == [drawn[0], drawn[1]])
        }
    }

    @Test("strictly, an error about several bad cards names every one of them", arguments: TestStore.allCases)
    func everyBadCardNamed(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            let add = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,3S,2S&strict=true")
            #expect(add.status == 400)
            for code in ["(AS)", "(3S)", "(2S)"] { #expect(add.error.contains(code), "\(add.error)") }
            #expect(add.error.contains("already in the deck"))

            let drawn = try await server.get("/api/deck/\(id)/draw/?count=3").codes
            #expect(drawn == ["AS", "2S", "3S"])
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS")
            // 2S is out and may go back; AS is in a pile; 4S and 5S are still in the deck.
            let back = try await server.get("/api/deck/\(id)/return/?cards=2S,AS,4S,5S&strict=true")
            #expect(back.status == 400)
            for code in ["(AS)", "(4S)", "(5S)"] { #expect(back.error.contains(code), "\(back.error)") }
            #expect(!back.error.contains("(2S)"), "\(back.error)")

            let take = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=AS,2S,3S&strict=true")
            #expect(take.status == 400)
            for code in ["(2S)", "(3S)"] { #expect(take.error.contains(code), "\(take.error)") }
            #expect(!take.error.contains("(AS)"), "\(take.error)")

            // Nothing moved.
            let deck = try await server.get("/api/deck/\(id)/pile/p/list/")
            #expect(deck.remaining == 49)
            #expect(deck.pileCodes("p") == ["AS"])
        }
    }

    // The three flows of real apps that broke when we answered 4xx where the reference
    // answers 200, each in the app's own calls; then the same calls strictly.

    @Test("a War game draws 53 from 52: 200, success false, all 52 dealt, asked and given; strictly 400 and none dealt", arguments: TestStore.allCases)
    func warGameOverDraw(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck("shuffle/?deck_count=1")
            let answer = try await server.get("/api/deck/\(id)/draw/?count=53")
            #expect(answer.status == 200, "\(answer.text)")
            let deck = try answer.deck
            #expect(!deck.success)
            #expect(deck.cards?.count == 52 && deck.remaining == 0)
            #expect(deck.error == "Not enough cards remaining to draw 53 additional")
            #expect(deck.asked == 53 && deck.given == 52)
            #expect(try await server.get("/api/deck/\(id)/").remaining == 0)

            let strictID = try await server.newDeck("shuffle/")
            let refused = try await server.get("/api/deck/\(strictID)/draw/?count=53&strict=true")
            #expect(refused.status == 400 && refused.error.contains("nothing was drawn"), "\(refused.text)")
            #expect(try await server.get("/api/deck/\(strictID)/").remaining == 52)
        }
    }

    @Test("a JS client draws 5, reshuffles, adds them to a pile: 200, success true, none added, each in not_added; strictly 400", arguments: TestStore.allCases)
    func addAfterReshuffle(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck("shuffle/")
            let hand = try await server.get("/api/deck/\(id)/draw/?count=5").codes
            #expect(try await server.get("/api/deck/\(id)/shuffle/").remaining == 52)
            let path = "/api/deck/\(id)/pile/discard/add/?cards=\(hand.joined(separator: ","))"
            let refused = try await server.get(path + "&strict=true")
            #expect(refused.status == 400)
            for code in hand { #expect(refused.error.contains("(\(code))"), "\(refused.error)") }

            let answer = try await server.get(path)
            #expect(answer.status == 200, "\(answer.text)")
            let deck = try answer.deck
            #expect(deck.success)
            #expect(deck.remaining == 52)
            #expect(deck.piles?["discard"] == PilesJSON.Pile(remaining: 0, cards: nil))
            #expect(deck.notAdded == hand.map { LeftOutJSON(code: $0, reason: "in the deck") })
            #expect(try await server.get("/api/deck/\(id)/pile/discard/list/").pileCodes("discard") == [])
        }
    }

    @Test("a TypeScript client returns an empty hand with cards=: 200, nothing moves, nothing listed; strictly 400", arguments: TestStore.allCases)
    func emptyReturn(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck("shuffle/")
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=3").codes
            _ = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn[0]),\(drawn[1])")
            for path in ["/api/deck/\(id)/pile/hand/return/?cards=", "/api/deck/\(id)/return/?cards="] {
                let refused = try await server.get(path + "&strict=true")
                #expect(refused.status == 400 && refused.error.contains("'' (item 1)"), "\(path): \(refused.text)")
                let answer = try await server.get(path)
                #expect(answer.status == 200, "\(path): \(answer.text)")
                let deck = try answer.deck
                #expect(deck.success && deck.remaining == 49)
                #expect(deck.notReturned == nil && deck.ignored == nil)
            }
            let after = try await server.get("/api/deck/\(id)/pile/hand/list/")
            #expect(after.pileCodes("hand") == [drawn[0], drawn[1]])
            #expect(after.remaining == 49)
        }
    }

    @Test("--strict on the server refuses them all; strict=false on a request answers as the reference")
    func strictOption() async throws {
        try await withServer(arguments: ["--strict"]) { server in
            let id = try await server.newDeck("shuffle/")
            #expect(try await server.get("/api/deck/\(id)/draw/?count=53").status == 400)
            #expect(try await server.get("/api/deck/\(id)/return/?cards=").status == 400)
            #expect(try await server.get("/api/deck/new/?deck_count=21").status == 400)
            let lenient = try await server.get("/api/deck/\(id)/draw/?count=53&strict=false")
            #expect(try lenient.status == 200 && lenient.deck.given == 52)
        }
    }
}
