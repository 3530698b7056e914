import Foundation
import Memorize
import PlayingCards
import Testing

@Suite("Memorize over HTTP")
struct MemoryAPITests {
    static let faceKeys: Set<String> = ["name", "code", "image", "images", "emoji"]

    /// Checks that no face-down, unmatched card carries any face field, and returns the cards.
    static func checkedCards(_ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        let cards = answer.json["cards"] as? [[String: Any]] ?? []
        for card in cards where card["face_up"] as? Bool == false && card["matched"] as? Bool == false {
            #expect(Set(card.keys).isDisjoint(with: faceKeys), "a face-down card shows its face: \(card)", sourceLocation: sourceLocation)
        }
        #expect(!answer.text.contains("\"emoji\":\"\""), sourceLocation: sourceLocation)
        return cards
    }

    @Test("themes, a seeded deal, a whole game played through the API; no face-down face in any answer")
    func wholeGame() async throws {
        try await withServer { server in
            let themes = try #require(try await server.get("/api/memory/themes/").json["themes"] as? [[String: Any]])
            #expect(themes.count >= 6)
            #expect(themes.allSatisfy { ($0["name"] as? String)?.isEmpty == false && ($0["colors"] as? [String])?.isEmpty == false })

            let hex = String(repeating: "3c", count: 32)
            let new = try await server.post("/api/memory/new/", "theme=Hearts&pairs=4&seed=\(hex)")
            #expect(new.status == 200)
            let id = try #require(new.json["game_id"] as? String)
            #expect((new.json["theme"] as? [String: Any])?["name"] as? String == "Hearts")
            #expect(new.json["score"] as? Int == 0)
            #expect(new.json["finished"] as? Bool == false)
            let cards = Self.checkedCards(new)
            #expect(cards.count == 8)
            #expect(cards.allSatisfy { $0["face_up"] as? Bool == false })

            // The same seed deals the same order as the library.
            let deal = try MemoryTheme.builtIn(named: "Hearts").newGame(pairs: 4, seed: ShuffleSeed(hex: hex))
            let faces = deal.cards.map(\.face)

            // A mismatch first (the two cards were never seen: no penalty), then every pair.
            let other = try #require(faces.indices.first { faces[$0] != faces[0] })
            _ = try await server.post("/api/memory/\(id)/choose/0/")
            let mismatch = try await server.post("/api/memory/\(id)/choose/\(other)/")
            let shown = Self.checkedCards(mismatch)
            #expect(shown[0]["face_up"] as? Bool == true)
            #expect(shown[0]["name"] as? String == faces[0].name)
            #expect(shown[0]["code"] as? String == faces[0].card.map { $0.formatted(.code(CodeStyle(ten: .zero))) })
            #expect((shown[0]["image"] as? String)?.hasPrefix(server.base + "/static/img/") == true)
            #expect(mismatch.json["score"] as? Int == 0)
            // Choosing a face-up card does nothing.
            let again = try await server.post("/api/memory/\(id)/choose/0/")
            #expect(again.json as NSDictionary == mismatch.json as NSDictionary)

            var last = mismatch
            var done = Set<Int>()
            for first in faces.indices where !done.contains(first) {
                let second = faces.indices.first { $0 != first && faces[$0] == faces[first] }!
                done.formUnion([first, second])
                // The second of the pair first: card 0 is still face up from the mismatch.
                _ = Self.checkedCards(try await server.post("/api/memory/\(id)/choose/\(second)/"))
                last = try await server.post("/api/memory/\(id)/choose/\(first)/")
                _ = Self.checkedCards(last)
                #expect((last.json["cards"] as? [[String: Any]])?[first]["matched"] as? Bool == true)
            }
            #expect(last.json["finished"] as? Bool == true)
            // Four matches within the same second: 4 × 2 × 10.
            let score = try #require(last.json["score"] as? Int)
            #expect(score <= 80 && score >= 8)
            let reread = try await server.get("/api/memory/\(id)")
            #expect(reread.json["score"] as? Int == score)
        }
    }

    @Test("emoji games name their faces; random themes; bad index 400, unknown game 404, bad theme 400")
    func emojiAndErrors() async throws {
        try await withServer { server in
            let emoji = try await server.post("/api/memory/new/", "theme=Halloween&pairs=2")
            let id = try #require(emoji.json["game_id"] as? String)
            let turned = Self.checkedCards(try await server.post("/api/memory/\(id)/choose/1/"))
            #expect((turned[1]["emoji"] as? String)?.isEmpty == false)
            #expect((turned[1]["name"] as? String)?.isEmpty == false)
            #expect(turned[1]["code"] == nil)

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
            let badTheme = try await server.post("/api/memory/new/", "theme=Plaid")
            #expect(badTheme.status == 400)
            #expect(badTheme.error.contains("Plaid"))
            let badPairs = try await server.post("/api/memory/new/", "theme=Hearts&pairs=99")
            #expect(badPairs.status == 400)
            #expect(badPairs.error.contains("99"))
        }
    }

    @Test("the page is served with its script and style")
    func page() async throws {
        try await withServer { server in
            let page = try await server.get("/memory")
            #expect(page.status == 200)
            #expect(page.text.contains("id=\"theme\""))
            #expect(page.text.contains("id=\"score\""))
            #expect(try await server.get("/memory/memory.js").text.contains("/api/memory"))
            #expect(try await server.get("/memory/memory.css").status == 200)
        }
    }
}
