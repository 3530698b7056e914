@testable import DeckServerHTTP
import DeckService
import Foundation
import PlayingCards
import Testing
import DeckStoreSupport

/// Each test runs on a server in both modes: strict (`--strict`), where every case is refused,
/// and the default, deckofcardsapi's, where the cases marked `strictOnly` are answered as the
/// reference answers them instead (`ReferenceAnswerTests` holds those answers).
@Suite("Bad input, in process: a 4xx JSON answer naming the value, and nothing changed")
struct BadInputTests {
    /// A request, the status it must get, and text its error must contain.
    struct Case: Sendable, CustomStringConvertible {
        var path: String
        var form: String?
        var status: Int
        var mentions: [String]
        /// Refused in strict mode only: deckofcardsapi answers it 200, or with a 404 of its own.
        var strictOnly = false
        var description: String { "\(form == nil ? "GET" : "POST") \(path) \(form ?? "")" }
    }

    /// Settings for a strict server, or one in deckofcardsapi's mode.
    static func settings(strict: Bool) -> ServerSettings {
        var settings = ServerSettings()
        settings.strict = strict
        return settings
    }

    @Test("every bad input on a deck leaves the deck exactly as it was", arguments: [true, false])
    func badInputsChangeNothing(strict: Bool) async throws {
        try await withApp(settings: Self.settings(strict: strict)) { server in
            let hex = String(repeating: "5a", count: 32)
            let seed = try ShuffleSeed(hex: hex)
            let order = PlayingCardDeck().shuffled(seed: seed).cards.map(\.apiCodeForTests)
            let id = try await server.get("/api/deck/new/shuffle/?seed=\(hex)").deck.deckID
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=2").codes
            #expect(drawn == Array(order.prefix(2)))
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=\(drawn[0])")
            let inDeck = order[10]
            let notDrawn = order[20]
            let longName = String(repeating: "n", count: 65)

            let cases: [Case] = [
                Case(path: "/api/deck/\(id)/draw/?count=-1", status: 400, mentions: ["-1"]),
                Case(path: "/api/deck/\(id)/draw/", form: "count=abc", status: 400, mentions: ["'abc'", "whole number"]),
                Case(path: "/api/deck/\(id)/draw/?count=", status: 400, mentions: ["count is empty"]),
                Case(path: "/api/deck/\(id)/draw/?count=99999999999999999999999", status: 400, mentions: ["99999999999999999999999", "too large"]),
                Case(path: "/api/deck/\(id)/draw/?count=51", status: 400, mentions: ["51", "50", "nothing was drawn"], strictOnly: true),
                Case(path: "/api/deck/\(id)/draw/bottom/?count=1.5", status: 400, mentions: ["'1.5'"]),
                Case(path: "/api/deck/\(id)/draw/random/?count=51", status: 400, mentions: ["51"], strictOnly: true),
                Case(path: "/api/deck/\(id)/shuffle/?seed=xyz", status: 400, mentions: ["'xyz'", "64 hex digits"]),
                Case(path: "/api/deck/\(id)/shuffle/?remaining=maybe", status: 400, mentions: ["'maybe'"]),
                Case(path: "/api/deck/\(id)/return/?cards=\(inDeck)", status: 400, mentions: [inDeck, "already in the deck"], strictOnly: true),
                Case(path: "/api/deck/\(id)/return/?cards=QQ", status: 400, mentions: ["'QQ'"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/p/add/?cards=\(inDeck)", status: 400, mentions: [inDeck, "already in the deck"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/p/add/", form: "cards=\(drawn[1]),XX9", status: 400, mentions: ["'XX9'"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/p/add/", status: 400, mentions: ["cards is required"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/\(longName)/add/?cards=\(drawn[1])", status: 400, mentions: [longName, "64 bytes"]),
                Case(path: "/api/deck/\(id)/pile/p/draw/?count=2", status: 400, mentions: ["2", "pile 'p'"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/p/draw/?count=-3", status: 400, mentions: ["-3"]),
                Case(path: "/api/deck/\(id)/pile/p/draw/?cards=\(notDrawn)", status: 400, mentions: [notDrawn, "not in pile 'p'"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/p/return/?cards=\(notDrawn)", status: 400, mentions: [notDrawn], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/p/add/?cards=\(drawn[1]),,KD", status: 400, mentions: ["'' (item 2)"], strictOnly: true),
                Case(path: "/api/deck/\(id)/pile/nosuch/draw/", status: 404, mentions: ["nosuch"]),
                Case(path: "/api/deck/\(id)/pile/nosuch/shuffle/", status: 404, mentions: ["nosuch"]),
                Case(path: "/api/deck/\(id)/reveal/", status: 409, mentions: ["not provably fair"]),
                Case(path: "/api/deck/\(id)/draw/bogus/", status: 404, mentions: ["no such endpoint"]),
                Case(path: "/api/deck/\(id)/draw/", form: "count=%ZZ", status: 400, mentions: ["'count=%ZZ'", "%25"]),
                Case(path: "/api/deck/\(id)/draw/", form: "count=1%", status: 400, mentions: ["'count=1%'"]),
                Case(path: "/api/deck/\(id)/pile/p/add/?cards=\(drawn[1])%FF", status: 400, mentions: ["%FF", "not UTF-8"]),
            ]
            for bad in cases where strict || !bad.strictOnly {
                let answer = if let form = bad.form { try await server.post(bad.path, form) } else { try await server.get(bad.path) }
                #expect(answer.status == bad.status, "\(bad): \(answer.text)")
                #expect(try answer.decode(ErrorAnswer.self).success == false, "\(bad)")
                #expect(answer.headers["Content-Type"].first?.hasPrefix("application/json") == true, "\(bad)")
                for text in bad.mentions {
                    #expect(answer.error.contains(text), "\(bad): '\(answer.error)' does not mention \(text)")
                }
            }

            // count=0 on a pile draws nothing (deckofcardsapi empties the pile).
            let zero = try await server.get("/api/deck/\(id)/pile/p/draw/?count=0")
            #expect(zero.status == 200)
            #expect(zero.codes.isEmpty)
            #expect(zero.pileCount("p") == 1)

            // Nothing moved: the pile and the deck's order are as they were.
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").pileCodes("p") == [drawn[0]])
            let rest = try await server.get("/api/deck/\(id)/draw/?count=50")
            #expect(rest.codes == Array(order.dropFirst(2)))
        }
    }

    @Test("bad new-deck options, unknown decks, bodies and endpoints", arguments: [true, false])
    func badRequestsWithoutADeck(strict: Bool) async throws {
        try await withApp(settings: Self.settings(strict: strict)) { server in
            let cases: [Case] = [
                Case(path: "/api/deck/new/?deck_count=0", status: 400, mentions: ["deck_count 0", "1 to 20"], strictOnly: true),
                Case(path: "/api/deck/new/?deck_count=21", status: 400, mentions: ["21"], strictOnly: true),
                Case(path: "/api/deck/new/shuffle/?deck_count=x", status: 400, mentions: ["'x'"]),
                Case(path: "/api/deck/new/?cards=AS,ZZ,2S,1X", status: 400, mentions: ["'ZZ' (item 2)", "'1X' (item 4)"], strictOnly: true),
                Case(path: "/api/deck/new/?cards=", status: 400, mentions: ["''"], strictOnly: true),
                Case(path: "/api/deck/new/draw/?count=53", status: 400, mentions: ["53", "52"], strictOnly: true),
                Case(path: "/api/deck/new/?jokers_enabled=perhaps", status: 400, mentions: ["'perhaps'"]),
                Case(path: "/api/deck/new/shuffle/?seed=123", status: 400, mentions: ["'123'"]),
                Case(path: "/api/deck/new/shuffle/?fair=true", status: 400, mentions: ["client_seed"]),
                Case(path: "/api/deck/new/?seed=\(String(repeating: "0", count: 64))", status: 400, mentions: ["/api/deck/new/shuffle/"]),
                Case(path: "/api/deck/doesnotexist/", status: 404, mentions: ["doesnotexist"]),
                Case(path: "/api/deck/doesnotexist/draw/?count=1", status: 404, mentions: ["doesnotexist"]),
                Case(path: "/api/deck/doesnotexist/pile/a/add/?cards=AS", status: 404, mentions: ["doesnotexist"]),
                Case(path: "/api/nothing/here", status: 404, mentions: ["no such endpoint", "/api/nothing/here"]),
            ]
            for bad in cases where strict || !bad.strictOnly {
                let answer = try await server.get(bad.path)
                #expect(answer.status == bad.status, "\(bad): \(answer.text)")
                for text in bad.mentions {
                    #expect(answer.error.contains(text), "\(bad): '\(answer.error)' does not mention \(text)")
                }
            }
            // No deck was stored by any of them.
            #expect(try await server.get("/metrics").text.contains("decks_stored 0"))

            let huge = try await server.post("/api/deck/new/", "cards=" + String(repeating: "AS,", count: 40_000))
            #expect(huge.status == 413)
            #expect(huge.error.contains("KiB"))
            let json = try await server.post("/api/deck/new/", headers: [("Content-Type", "application/json")])
            #expect(json.status == 200)  // an empty body is no form at all
            let plain = try await server.post("/api/deck/new/", "deck_count=2", headers: [("Content-Type", "text/plain")])
            #expect(plain.status == 400)
            #expect(plain.error.contains("'text/plain'"))
            let form = try await server.post("/api/deck/new/", "deck_count=2")
            #expect(form.remaining == 104)
        }
    }

    @Test("a damaged record is a 500 for its own requests only, with no internals; the server goes on serving")
    func damagedRecord() async throws {
        let store = InMemoryRecordStore()
        let damaged = String(repeating: "a", count: 26)
        try await store.insert(.deck, id: damaged, state: [1, 0, 0, 9], at: Date())
        try await withApp(store: store) { server in
            for _ in 0..<2 {
                let answer = try await server.get("/api/deck/\(damaged)/draw/")
                #expect(answer.status == 500, "\(answer.text)")
                #expect(answer.error.contains("the fault is logged"), "\(answer.text)")
                #expect(!answer.error.contains("damaged"), "\(answer.text)")
            }
            let other = try await server.newDeck()
            #expect(try await server.get("/api/deck/\(other)/draw/").status == 200)
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    @Test("piles are bounded per deck")
    func pileLimit() async throws {
        try await withApp { server in
            let id = try await server.newDeck()
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=52").codes
            for index in 0..<64 {
                let answer = try await server.get("/api/deck/\(id)/pile/p\(index)/add/?cards=\(drawn[index % 52])")
                #expect(answer.status == 200)
            }
            let over = try await server.get("/api/deck/\(id)/pile/one-more/add/?cards=\(drawn[0])")
            #expect(over.status == 400)
            #expect(over.error.contains("64 piles"))
        }
    }
}
