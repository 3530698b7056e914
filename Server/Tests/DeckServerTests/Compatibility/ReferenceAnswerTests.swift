@testable import DeckServerHTTP
import Foundation
import Testing

/// Every request deckofcardsapi answers 200 (or with a 404 of its own) although it cannot carry
/// it out whole, in both modes: by default as the reference answers it, with what was not done
/// in members its apps ignore; with `strict=true`, or a server started with `--strict`, refused
/// whole with a 4xx, as before. In process, over the in-memory store.
@Suite("deckofcardsapi's answers to partial requests, and strict mode")
struct ReferenceAnswerTests {
    /// `path` with `strict=true` added when `strict`.
    static func path(_ path: String, strict: Bool) -> String {
        strict ? path + (path.contains("?") ? "&" : "?") + "strict=true" : path
    }

    /// A new unshuffled deck with `count` cards drawn (AS, 2S, … in order).
    static func deck(_ server: TestServer, drawn count: Int = 0) async throws -> String {
        let id = try await server.newDeck()
        if count > 0 { _ = try await server.get("/api/deck/\(id)/draw/?count=\(count)") }
        return id
    }

    @Test("draw more than remain: 200, success false, every card drawn, the reference's error, asked and given; strictly 400 and nothing drawn")
    func overDraw() async throws {
        try await withApp { server in
            for suffix in ["draw", "draw/bottom", "draw/random"] {
                let id = try await Self.deck(server)
                let answer = try await server.get("/api/deck/\(id)/\(suffix)/?count=53")
                #expect(answer.status == 200, "\(suffix): \(answer.text)")
                let deck = try answer.deck
                #expect(!deck.success)
                #expect(deck.cards?.count == 52)
                #expect(Set(deck.cards?.map(\.code) ?? []).count == 52)
                #expect(deck.remaining == 0)
                #expect(deck.error == "Not enough cards remaining to draw 53 additional")
                #expect(deck.asked == 53 && deck.given == 52)
                #expect(deck.detail?.contains("53 is more than the 52 cards") == true, "\(deck.detail ?? "")")
                #expect(try await server.get("/api/deck/\(id)/").remaining == 0)

                // Once empty: success false again, no cards.
                let empty = try await server.get("/api/deck/\(id)/\(suffix)/?count=1").deck
                #expect(!empty.success && empty.cards == [] && empty.asked == 1 && empty.given == 0)

                let strictID = try await Self.deck(server)
                let refused = try await server.get(Self.path("/api/deck/\(strictID)/\(suffix)/?count=53", strict: true))
                #expect(refused.status == 400)
                #expect(refused.error.contains("53") && refused.error.contains("nothing was drawn"), "\(refused.error)")
                #expect(try await server.get("/api/deck/\(strictID)/").remaining == 52)
            }
            // A whole draw says nothing of a shortfall.
            let id = try await Self.deck(server)
            let whole = try await server.get("/api/deck/\(id)/draw/?count=52").deck
            #expect(whole.success && whole.asked == nil && whole.given == nil && whole.error == nil)
        }
    }

    @Test("new/draw with more than the deck: a deck made, every card drawn, success false; strictly 400 and no deck")
    func newDeckOverDraw() async throws {
        try await withApp { server in
            let answer = try await server.get("/api/deck/new/draw/?count=53")
            #expect(answer.status == 200, "\(answer.text)")
            let deck = try answer.deck
            #expect(!deck.success && deck.cards?.count == 52 && deck.remaining == 0 && deck.asked == 53 && deck.given == 52)
            #expect(try await server.get("/api/deck/\(deck.deckID)/").remaining == 0)

            let refused = try await server.get("/api/deck/new/draw/?count=53&strict=true")
            #expect(refused.status == 400)
            #expect(try await server.get("/metrics").text.contains("decks_stored 1"))
        }
    }

    @Test("draw more than a pile holds: the reference's 404 and words, ours in detail; strictly 400; nothing drawn either way")
    func pileOverDraw() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 3)
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,2S")
            for suffix in ["draw", "draw/bottom", "draw/random"] {
                let answer = try await server.get("/api/deck/\(id)/pile/p/\(suffix)/?count=3")
                #expect(answer.status == 404, "\(suffix): \(answer.text)")
                let error = try answer.decode(ErrorAnswer.self)
                #expect(!error.success)
                #expect(error.error == "Not enough cards remaining to draw 3 additional")
                #expect(error.detail?.contains("count 3 is more than the 2 cards in the pile 'p'") == true, "\(error.detail ?? "")")
                let refused = try await server.get(Self.path("/api/deck/\(id)/pile/p/\(suffix)/?count=3", strict: true))
                #expect(refused.status == 400)
                #expect(refused.error.contains("count 3"))
            }
            // Named cards the pile does not hold: the reference's 404 too.
            let named = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=AS,3S")
            #expect(named.status == 404)
            #expect(named.error == "The pile, p does not contain the requested cards.")
            #expect(try named.decode(ErrorAnswer.self).detail?.contains("(3S)") == true)
            #expect(try await server.get("/api/deck/\(id)/pile/p/draw/?cards=AS,3S&strict=true").status == 400)
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCodes("p") == ["AS", "2S"])
        }
    }

    @Test("add cards still in the deck or already in the pile: 200, the others added in order, each left out named with its reason; strictly 400 and nothing moves")
    func addWhatCannotMove() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 4)
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS")
            _ = try await server.get("/api/deck/\(id)/pile/other/add/?cards=2S")
            // AS is already in p, 2S moves from pile other, 9D is in the deck, 3S and 4S are out.
            let list = "/api/deck/\(id)/pile/p/add/?cards=3S,AS,9D,2S,4S"
            let refused = try await server.get(Self.path(list, strict: true))
            #expect(refused.status == 400)
            for mention in ["(AS) is already in pile 'p'", "(9D) is already in the deck"] {
                #expect(refused.error.contains(mention), "\(refused.error)")
            }
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCodes("p") == ["AS"])

            let answer = try await server.get(list)
            #expect(answer.status == 200, "\(answer.text)")
            let deck = try answer.deck
            #expect(deck.success)
            #expect(deck.notAdded == [LeftOutJSON(code: "AS", reason: "in pile 'p'"), LeftOutJSON(code: "9D", reason: "in the deck")])
            #expect(deck.piles?["p"]?.remaining == 4 && deck.piles?["other"]?.remaining == 0)
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCodes("p") == ["AS", "3S", "2S", "4S"])
            #expect(deck.remaining == 48)

            // A joker in a deck without jokers, and a card listed twice.
            let more = try await Self.deck(server, drawn: 1)
            let odd = try await server.get("/api/deck/\(more)/pile/q/add/?cards=X1,AS,AS").deck
            #expect(odd.notAdded == [LeftOutJSON(code: "X1", reason: "not a card of this deck"),
                                     LeftOutJSON(code: "AS", reason: "listed more times than it can move")])
            #expect(odd.piles?["q"]?.remaining == 1)
        }
    }

    @Test("the JS client's flow: draw 5, shuffle them back, add them to a pile: 200, none added, each named; strictly 400")
    func addAfterReshuffle() async throws {
        try await withApp { server in
            let id = try await server.newDeck("shuffle/")
            let codes = try await server.get("/api/deck/\(id)/draw/?count=5").codes
            _ = try await server.get("/api/deck/\(id)/shuffle/")
            let path = "/api/deck/\(id)/pile/discard/add/?cards=\(codes.joined(separator: ","))"
            let refused = try await server.get(Self.path(path, strict: true))
            #expect(refused.status == 400)
            for code in codes { #expect(refused.error.contains("(\(code))"), "\(refused.error)") }
            let answer = try await server.get(path)
            #expect(answer.status == 200)
            let deck = try answer.deck
            #expect(deck.success && deck.remaining == 52 && deck.piles?["discard"]?.remaining == 0)
            #expect(deck.notAdded == codes.map { LeftOutJSON(code: $0, reason: "in the deck") })
        }
    }

    @Test("an empty cards= on add, return and pile return: 200 and nothing moves; strictly, return and pile return are 400")
    func emptyLists() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 3)
            _ = try await server.get("/api/deck/\(id)/pile/hand/add/?cards=AS,2S")
            for strict in [false, true] {
                let add = try await server.get(Self.path("/api/deck/\(id)/pile/hand/add/?cards=", strict: strict))
                #expect(add.status == 200 && add.pileCount("hand") == 2, "\(add.text)")
                let pileReturn = try await server.get(Self.path("/api/deck/\(id)/pile/hand/return/?cards=", strict: strict))
                let deckReturn = try await server.get(Self.path("/api/deck/\(id)/return/?cards=", strict: strict))
                if strict {
                    #expect(pileReturn.status == 400 && deckReturn.status == 400)
                    #expect(deckReturn.error.contains("'' (item 1)"), "\(deckReturn.error)")
                } else {
                    #expect(pileReturn.status == 200 && pileReturn.pileCount("hand") == 2, "\(pileReturn.text)")
                    #expect(try pileReturn.deck.notReturned == nil && pileReturn.deck.ignored == nil)
                    #expect(deckReturn.status == 200 && deckReturn.remaining == 49, "\(deckReturn.text)")
                }
                #expect(try await server.get("/api/deck/\(id)/").remaining == 49)
            }
        }
    }

    @Test("return cards that cannot go back: 200, the others returned, each left out named; strictly 400")
    func returnWhatCannotMove() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 3)
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS")
            // 2S is out, AS in pile p, 9D in the deck.
            #expect(try await server.get("/api/deck/\(id)/return/?cards=2S,AS,9D&strict=true").status == 400)
            let back = try await server.get("/api/deck/\(id)/return/?cards=2S,AS,9D").deck
            #expect(back.success && back.remaining == 50)
            #expect(back.notReturned == [LeftOutJSON(code: "AS", reason: "in pile 'p'"), LeftOutJSON(code: "9D", reason: "in the deck")])

            #expect(try await server.get("/api/deck/\(id)/pile/p/return/?cards=AS,3S&strict=true").status == 400)
            let fromPile = try await server.get("/api/deck/\(id)/pile/p/return/?cards=AS,3S").deck
            #expect(fromPile.success && fromPile.remaining == 51 && fromPile.piles?["p"]?.remaining == 0)
            #expect(fromPile.notReturned == [LeftOutJSON(code: "3S", reason: "not in pile 'p'")])
        }
    }

    @Test("unknown codes in a list are ignored and listed; strictly each is named by position and nothing moves")
    func unknownCodes() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 2)
            let refused = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,ZZ,,2S&strict=true")
            #expect(refused.status == 400)
            #expect(refused.error.contains("'ZZ' (item 2)") && refused.error.contains("'' (item 3)"), "\(refused.error)")

            let added = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,ZZ,,2S").deck
            #expect(added.success && added.ignored == ["ZZ", ""] && added.notAdded == nil)
            #expect(added.piles?["p"]?.remaining == 2)

            let strictDraw = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=QQ&strict=true")
            #expect(strictDraw.status == 400 && strictDraw.error.contains("'QQ' (item 1)"), "\(strictDraw.text)")
            let drawn = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=QQ")
            #expect(try drawn.status == 200 && drawn.codes.isEmpty && drawn.deck.ignored == ["QQ"], "\(drawn.text)")
            let strictReturn = try await server.get("/api/deck/\(id)/pile/p/return/?cards=AS,1X&strict=true")
            #expect(strictReturn.status == 400 && strictReturn.error.contains("'1X' (item 2)"), "\(strictReturn.text)")
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCount("p") == 2)
            let returned = try await server.get("/api/deck/\(id)/pile/p/return/?cards=AS,1X").deck
            #expect(returned.ignored == ["1X"] && returned.piles?["p"]?.remaining == 1 && returned.remaining == 51)
            let back = try await server.get("/api/deck/\(id)/return/?cards=Z9").deck
            #expect(back.success && back.ignored == ["Z9"] && back.remaining == 51)

            // The ignored items are listed up to 64, each cut short at 80 characters.
            let long = String(repeating: "Q", count: 200)
            let many = try await server.post("/api/deck/\(id)/return/", "cards=" + ([long] + (1...99).map { "Z\($0)" }).joined(separator: ","))
            let ignored = try many.deck.ignored ?? []
            #expect(ignored.count == 64)
            #expect(ignored.first == String(repeating: "Q", count: 80) + "…")
            #expect(ignored.last == "Z63")
        }
    }

    @Test("named cards on a pile's draw, bottom and random alike; leniently cards= wins over count, strictly both are a 400")
    func namedPileDraws() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 6)
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS,2S,3S,4S,5S,6S")
            // deckofcardsapi reads cards= before the position: every route draws the cards named.
            for suffix in ["draw", "draw/bottom", "draw/random"] {
                for strict in [false, true] {
                    let answer = try await server.get(Self.path("/api/deck/\(id)/pile/p/\(suffix)/?cards=3S", strict: strict))
                    #expect(answer.status == 200 && answer.codes == ["3S"], "\(suffix) strict=\(strict): \(answer.text)")
                    _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=3S")
                }
            }
            let both = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=AS&count=2")
            #expect(both.status == 200 && both.codes == ["AS"], "\(both.text)")
            let strictBoth = try await server.get("/api/deck/\(id)/pile/p/draw/?cards=5S&count=2&strict=true")
            #expect(strictBoth.status == 400 && strictBoth.error.contains("not both"), "\(strictBoth.text)")
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCount("p") == 5)
        }
    }

    @Test("returning a pile that does not exist: the reference's 404 words, ours in detail; strictly our 404")
    func returnMissingPile() async throws {
        try await withApp { server in
            let id = try await Self.deck(server)
            let answer = try await server.get("/api/deck/\(id)/pile/nosuch/return/")
            #expect(answer.status == 404)
            #expect(answer.error == "The pile, nosuch does not exist.")
            #expect(try answer.decode(ErrorAnswer.self).detail?.contains("pile 'nosuch' does not exist in deck") == true)
            let strict = try await server.get("/api/deck/\(id)/pile/nosuch/return/?strict=true")
            #expect(strict.status == 404 && strict.error.hasPrefix("pile 'nosuch' does not exist"), "\(strict.text)")
        }
    }

    @Test("new/?cards= with unknown or empty codes: a deck of the known ones, the rest listed; strictly 400 and no deck")
    func newDeckCards() async throws {
        try await withApp { server in
            let partial = try await server.get("/api/deck/new/?cards=AS,ZZ,2S,,1X").deck
            #expect(partial.success && partial.remaining == 2 && partial.ignored == ["ZZ", "", "1X"])
            #expect(try await server.get("/api/deck/\(partial.deckID)/draw/?count=2").codes == ["AS", "2S"])
            let empty = try await server.get("/api/deck/new/shuffle/?cards=").deck
            #expect(empty.success && empty.remaining == 0 && empty.ignored == nil)
            let nothingKnown = try await server.get("/api/deck/new/?cards=ZZ").deck
            #expect(nothingKnown.remaining == 0 && nothingKnown.ignored == ["ZZ"])
            #expect(try await server.get("/metrics").text.contains("decks_stored 3"))

            #expect(try await server.get("/api/deck/new/?cards=AS,ZZ&strict=true").status == 400)
            #expect(try await server.get("/api/deck/new/?cards=&strict=true").status == 400)
            #expect(try await server.get("/metrics").text.contains("decks_stored 3"))

            // Jokers count in a list only with jokers_enabled=true, as the reference reads it;
            // strictly a joker is a card like any other.
            let noJokers = try await server.get("/api/deck/new/?cards=X1,AS,X2").deck
            #expect(noJokers.remaining == 1 && noJokers.ignored == ["X1", "X2"])
            let jokers = try await server.get("/api/deck/new/?cards=X1,AS,X2&jokers_enabled=true").deck
            #expect(jokers.remaining == 3 && jokers.ignored == nil)
            let strictJokers = try await server.get("/api/deck/new/?cards=X1,AS&strict=true").deck
            #expect(strictJokers.remaining == 2 && strictJokers.ignored == nil)
        }
    }

    @Test("deck_count outside 1–20: 200, success false and the reference's error, no deck made (new/draw/ too, which the reference does not bound); strictly 400")
    func deckCountOutOfRange() async throws {
        try await withApp { server in
            for (count, error) in [("0", "The min number of Decks is 1."), ("-3", "The min number of Decks is 1."), ("21", "The max number of Decks is 20."),
                                   ("99999999999999999999", "The max number of Decks is 20."), ("-99999999999999999999", "The min number of Decks is 1.")] {
                for route in ["new/", "new/shuffle/", "new/draw/"] {
                    let answer = try await server.get("/api/deck/\(route)?deck_count=\(count)")
                    #expect(answer.status == 200, "\(route) \(count): \(answer.text)")
                    let refusal = try answer.decode(ErrorAnswer.self)
                    #expect(!refusal.success && refusal.error == error)
                    #expect(refusal.detail?.hasPrefix("deck_count ") == true && refusal.detail?.contains(count) == true, "\(refusal.detail ?? "")")
                    #expect(refusal.detail?.hasSuffix("no deck was made") == true)
                    #expect(try await server.get("/api/deck/\(route)?deck_count=\(count)&strict=true").status == 400)
                }
            }
            #expect(try await server.get("/metrics").text.contains("decks_stored 0"))
        }
    }

    @Test("add without cards: the reference's 404 and words; strictly 400")
    func addWithoutCards() async throws {
        try await withApp { server in
            let id = try await Self.deck(server)
            let answer = try await server.get("/api/deck/\(id)/pile/p/add/")
            #expect(answer.status == 404)
            #expect(answer.error == "You must specify cards to add to the pile.")
            #expect(try answer.decode(ErrorAnswer.self).detail?.contains("cards is required") == true)
            #expect(try await server.get("/api/deck/\(id)/pile/p/add/?strict=true").status == 400)
        }
    }

    @Test("where the reference fails or misbehaves, both modes refuse: count=abc, count=-1, a missing pile's draw and shuffle")
    func stillRefused() async throws {
        try await withApp { server in
            let id = try await Self.deck(server, drawn: 1)
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS")
            for strict in [false, true] {
                for (path, status) in [("/api/deck/\(id)/draw/?count=abc", 400), ("/api/deck/\(id)/draw/?count=-1", 400),
                                       ("/api/deck/\(id)/pile/nosuch/draw/", 404), ("/api/deck/\(id)/pile/nosuch/shuffle/", 404),
                                       ("/api/deck/new/?deck_count=x", 400), ("/api/deck/\(id)/pile/p/draw/?count=-2", 400)] {
                    let answer = try await server.get(Self.path(path, strict: strict))
                    #expect(answer.status == status, "\(path) strict=\(strict): \(answer.text)")
                    #expect(try answer.decode(ErrorAnswer.self).detail == nil, "\(path): \(answer.text)")
                }
            }
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCodes("p") == ["AS"])
            #expect(try await server.get("/api/deck/\(id)/").remaining == 51)
        }
    }

    @Test("--strict makes every request strict unless it says strict=false; strict takes only true or false")
    func strictServer() async throws {
        var settings = ServerSettings()
        settings.strict = true
        try await withApp(settings: settings) { server in
            let id = try await Self.deck(server)
            #expect(try await server.get("/api/deck/\(id)/draw/?count=53").status == 400)
            #expect(try await server.get("/api/deck/\(id)/draw/?count=53&strict=true").status == 400)
            let lenient = try await server.get("/api/deck/\(id)/draw/?count=53&strict=false")
            #expect(try lenient.status == 200 && lenient.deck.asked == 53)
            let bad = try await server.get("/api/deck/\(id)/draw/?strict=maybe")
            #expect(bad.status == 400 && bad.error.contains("strict 'maybe'"), "\(bad.error)")
        }
    }
}
