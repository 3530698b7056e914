@testable import DeckServerHTTP
import DeckTestSupport
import Foundation
import Memorize
import PlayingCards
import Testing

@Suite("Memorize over HTTP, in process")
struct MemoryAPITests {
    /// Checks that no face-down, unmatched card carries any face field, and returns the cards.
    static func checkedCards(_ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) throws -> [MemoryGameJSON.Card] {
        let cards = try answer.decode(MemoryGameJSON.self).cards
        for card in cards where !card.faceUp && !card.matched {
            let face: [Any?] = [card.name, card.code, card.image, card.images, card.emoji]
            #expect(face.allSatisfy { $0 == nil }, "a face-down card shows its face: \(card)", sourceLocation: sourceLocation)
        }
        #expect(!answer.text.contains("\"emoji\":\"\""), sourceLocation: sourceLocation)
        return cards
    }

    @Test("themes, a seeded deal, a whole game played through the API; no face-down face in any answer")
    func wholeGame() async throws {
        try await withApp { server in
            let themes = try await server.get("/api/memory/themes/").decode(MemoryThemesJSON.self).themes
            #expect(themes.count >= 6)
            #expect(themes.allSatisfy { !$0.name.isEmpty && !$0.colors.isEmpty })

            let hex = String(repeating: "3c", count: 32)
            let new = try await server.post("/api/memory/new/", "theme=Hearts&pairs=4&seed=\(hex)")
            #expect(new.status == 200)
            let game = try new.decode(MemoryGameJSON.self)
            let id = game.gameID
            #expect(game.theme.name == "Hearts")
            #expect(game.score == 0)
            #expect(!game.finished)
            #expect(game.seeded)
            let cards = try Self.checkedCards(new)
            #expect(cards.count == 8)
            #expect(cards.allSatisfy { !$0.faceUp })

            // The same seed deals the same order as the library.
            let deal = try MemoryTheme.builtIn(named: "Hearts").newGame(pairs: 4, seed: ShuffleSeed(hex: hex))
            let faces = deal.cards.map(\.face)

            // A mismatch first (the two cards were never seen: no penalty), then every pair.
            let other = try #require(faces.indices.first { faces[$0] != faces[0] })
            _ = try await server.post("/api/memory/\(id)/choose/0/")
            let mismatch = try await server.post("/api/memory/\(id)/choose/\(other)/")
            let shown = try Self.checkedCards(mismatch)
            #expect(shown[0].faceUp)
            #expect(shown[0].name == faces[0].name)
            #expect(shown[0].code == faces[0].card.map { $0.formatted(.code(CodeStyle(ten: .zero))) })
            #expect(shown[0].image?.hasPrefix(server.base + "/static/img/") == true)
            #expect(try mismatch.decode(MemoryGameJSON.self).score == 0)
            // Choosing a face-up card does nothing.
            let again = try await server.post("/api/memory/\(id)/choose/0/")
            #expect(try again.decode(MemoryGameJSON.self) == mismatch.decode(MemoryGameJSON.self))

            var last = mismatch
            var done = Set<Int>()
            for first in faces.indices where !done.contains(first) {
                let second = faces.indices.first { $0 != first && faces[$0] == faces[first] }!
                done.formUnion([first, second])
                // The second of the pair first: card 0 is still face up from the mismatch.
                _ = try Self.checkedCards(try await server.post("/api/memory/\(id)/choose/\(second)/"))
                last = try await server.post("/api/memory/\(id)/choose/\(first)/")
                #expect(try Self.checkedCards(last)[first].matched)
            }
            let finished = try last.decode(MemoryGameJSON.self)
            #expect(finished.finished)
            // Four matches within the same second: 4 × 2 × 10.
            #expect(finished.score <= 80 && finished.score >= 8)
            let reread = try await server.get("/api/memory/\(id)")
            #expect(try reread.decode(MemoryGameJSON.self).score == finished.score)
        }
    }

    @Test("emoji games name their faces; random themes; bad index 400, unknown game 404, bad theme 400")
    func emojiAndErrors() async throws {
        try await withApp { server in
            let emoji = try await server.post("/api/memory/new/", "theme=Halloween&pairs=2")
            let id = try emoji.decode(MemoryGameJSON.self).gameID
            let turned = try Self.checkedCards(try await server.post("/api/memory/\(id)/choose/1/"))
            #expect(turned[1].emoji?.isEmpty == false)
            #expect(turned[1].name?.isEmpty == false)
            #expect(turned[1].code == nil)

            #expect(try await server.post("/api/memory/new/").status == 200)
            for (path, status, mention) in [
                ("/api/memory/\(id)/choose/4/", 400, "4"),
                ("/api/memory/\(id)/choose/-1/", 400, "-1"),
                ("/api/memory/\(id)/choose/abc/", 400, "'abc'"),
                ("/api/memory/nosuchgame/choose/0/", 404, "nosuchgame"),
                ("/api/memory/nosuchgame/", 404, "nosuchgame"),
            ] {
                let answer = try await server.post(path)
                #expect(answer.status == status, "\(path): \(answer.text)")
                #expect(answer.error.contains(mention), "\(path): \(answer.error)")
            }
            // The unknown game's message says how to start one, once.
            let unknown = try await server.get("/api/memory/\(String(repeating: "a", count: 26))/").error
            #expect(unknown.components(separatedBy: "start").count == 2, "\(unknown)")
            #expect(unknown.hasSuffix("start a new one with POST /api/memory/new/"), "\(unknown)")
            let badTheme = try await server.post("/api/memory/new/", "theme=Plaid")
            #expect(badTheme.status == 400)
            #expect(badTheme.error.contains("Plaid"))
            let badPairs = try await server.post("/api/memory/new/", "theme=Hearts&pairs=99")
            #expect(badPairs.status == 400)
            #expect(badPairs.error.contains("99"))
        }
    }

    @Test("the page is served with its script and style, and passes no seed on")
    func page() async throws {
        try await withApp { server in
            let page = try await server.get("/memory")
            #expect(page.status == 200)
            #expect(page.text.contains("id=\"theme\""))
            #expect(page.text.contains("id=\"score\""))
            let script = try await server.get("/assets/memory.js").text
            #expect(script.contains("/api/memory"))
            #expect(!script.contains("\"seed\""))
            #expect(try await server.get("/assets/memory.css").status == 200)
        }
    }

    @Test("only POST changes a game: GET on new and choose is 405 with Allow; reads take GET and HEAD")
    func changesArePostOnly() async throws {
        try await withApp { server in
            let new = try await server.post("/api/memory/new/")
            #expect(new.status == 200)
            let game = try new.decode(MemoryGameJSON.self)
            #expect(!game.seeded)
            for path in ["/api/memory/new/", "/api/memory/\(game.gameID)/choose/0/"] {
                let answer = try await server.get(path)
                #expect(answer.status == 405, "\(path): \(answer.text)")
                #expect(answer.headers["Allow"].first == "POST", "\(path)")
                #expect(answer.error.contains("POST"), "\(path)")
            }
            // The GET changed nothing: every card is still face down.
            let read = try await server.get("/api/memory/\(game.gameID)/")
            #expect(try read.decode(MemoryGameJSON.self).cards.allSatisfy { !$0.faceUp })
            let head = try await server.request(.HEAD, "/api/memory/\(game.gameID)/")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }
}
