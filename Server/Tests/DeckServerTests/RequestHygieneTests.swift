@testable import DeckServerHTTP
import DeckService
import DeckTestSupport
import Foundation
import NIOHTTP1
import PlayingCards
import Testing

/// Hostile and careless clients, end to end on the built server: ids out of shape, Host tricks
/// and forged proxy headers, methods, content sniffing, Memorize's changes, and the per-client
/// limit on making decks and games.
@Suite("Request hygiene against hostile clients, end to end", .serialized)
struct RequestHygieneTests {
    @Test("an id out of shape (a NUL byte, a suffix) is a JSON 404 before any storage call, and changes nothing", arguments: TestStore.allCases)
    func idsCheckedByShape(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            for path in ["/api/deck/\(id)%00/", "/api/deck/\(id)%00anything/draw/", "/api/deck/\(id)x/draw/",
                         "/api/deck/\(id.uppercased())/draw/", "/api/deck/%27%3B--/", "/api/memory/\(id)%00/"] {
                let answer = try await server.get(path)
                #expect(answer.status == 404, "\(path): \(answer.text)")
                #expect(answer.headers["Content-Type"].first?.hasPrefix("application/json") == true, "\(path)")
                for secret in ["SQLSTATE", "invalid byte sequence", "PSQLError"] {
                    #expect(!answer.text.contains(secret), "\(path): \(answer.text)")
                }
            }
            #expect(try await server.get("/api/deck/\(id)/").remaining == 52)
        }
    }

    @Test("Host must be one well-formed host[:port]; forged proxy headers are ignored without --trust-proxy")
    func hostHeader() async throws {
        try await withServer { server in
            let port = server.process.port
            let draw = "GET /api/deck/new/draw/ HTTP/1.1\r\n"
            let cases: [(String, String)] = [
                ("no Host", draw + "Connection: close\r\n\r\n"),
                ("two Hosts", draw + "Host: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"),
                ("markup", draw + "Host: evil\"<script>\r\nConnection: close\r\n\r\n"),
                ("a path", draw + "Host: evil.com/path?q=\r\nConnection: close\r\n\r\n"),
                ("a bad port", draw + "Host: 127.0.0.1:99999\r\nConnection: close\r\n\r\n"),
            ]
            for (name, request) in cases {
                let response = try await RawHTTP.exchange(port: port, request)
                #expect(RawHTTP.status(response) == 400, "\(name): \(response)")
                #expect(response.contains("Host"), "\(name): \(response)")
                #expect(!response.contains("<script>"), "\(name)")
            }
            let good = try await RawHTTP.exchange(port: port, draw + "Host: cards.example.org:8080\r\nConnection: close\r\n\r\n")
            #expect(RawHTTP.status(good) == 200, "\(good)")
            #expect(good.contains("\"http://cards.example.org:8080/static/img/"), "\(good)")

            let forged = try await server.get("/api/deck/new/draw/", headers: [("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Proto", "https")])
            #expect(try forged.deck.cards?.first?.image.hasPrefix(server.base + "/static/img/") == true, "\(forged.text)")
        }
    }

    @Test("HEAD changes nothing: the new-deck paths answer a GET's status and headers and make no deck; draws, shuffles, returns and piles leave the deck as it was", arguments: TestStore.allCases)
    func headChangesNothing(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let seed = String(repeating: "3c", count: 32)
            let paths = ["/api/deck/new/", "/api/deck/new/shuffle/?seed=\(seed)", "/api/deck/new/draw/?count=3&seed=\(seed)",
                         "/api/deck/new/?deck_count=2&jokers_enabled=true", "/api/deck/new/?deck_count=21",
                         "/api/deck/new/draw/?count=53&seed=\(seed)", "/api/deck/new/?deck_count=x"]
            var heads: [Answer] = []
            for path in paths { heads.append(try await server.request(.HEAD, path)) }
            #expect(try await Self.storedDecks(server) == 0)
            for (path, head) in zip(paths, heads) {
                let get = try await server.get(path)
                #expect(head.status == get.status, "HEAD \(path): \(head.status), GET \(get.status)")
                #expect(head.body.isEmpty)
                for name in ["Content-Type", "Content-Length"] {
                    #expect(head.headers[name] == get.headers[name], "\(name) of \(path): \(head.headers[name]) \(get.headers[name])")
                }
            }
            #expect(try await Self.storedDecks(server) == 5)

            let id = try await server.newDeck("shuffle/?seed=\(seed)")
            let drawn = try await server.get("/api/deck/\(id)/draw/?count=4").codes
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=\(drawn[0]),\(drawn[1])")
            let before = try await server.get("/api/deck/\(id)/pile/p/list/").text
            for path in ["draw/?count=5", "draw/bottom/", "shuffle/", "shuffle/?remaining=true", "return/", "return/?cards=\(drawn[2])",
                         "pile/p/add/?cards=\(drawn[3])", "pile/q/add/?cards=\(drawn[3])", "pile/p/draw/", "pile/p/draw/?cards=\(drawn[0])",
                         "pile/p/shuffle/", "pile/p/return/", "draw/?count=99"] {
                let head = try await server.request(.HEAD, "/api/deck/\(id)/\(path)")
                #expect(head.status == 200, "HEAD \(path): \(head.status)")
            }
            #expect(try await server.get("/api/deck/\(id)/pile/p/list/").text == before)
            let order = PlayingCardDeck().shuffled(seed: try ShuffleSeed(hex: seed)).cards.map(\.apiCodeForTests)
            #expect(try await server.get("/api/deck/\(id)/draw/?count=48").codes == Array(order.dropFirst(4)))

            // A fair deck's reveal closes it; its HEAD does not.
            let fair = try await server.newDeck("shuffle/?fair=true&client_seed=head")
            #expect(try await server.request(.HEAD, "/api/deck/\(fair)/reveal/").status == 200)
            #expect(try await server.get("/api/deck/\(fair)/draw/").status == 200)
            #expect(try await server.get("/api/deck/\(fair)/").deck.fair?.serverSeed == nil)
        }
    }

    @Test("HEAD takes no creation token, but is refused as a GET would be once the client has none")
    func headAndTheCreationLimit() async throws {
        try await withServer(arguments: ["--creations-per-minute", "2"]) { server in
            for _ in 0..<5 { #expect(try await server.request(.HEAD, "/api/deck/new/").status == 200) }
            #expect(try await server.get("/api/deck/new/").status == 200)
            #expect(try await server.get("/api/deck/new/").status == 200)
            #expect(try await server.get("/api/deck/new/").status == 429)
            let head = try await server.request(.HEAD, "/api/deck/new/shuffle/")
            #expect(head.status == 429)
            #expect(head.headers["Retry-After"].first != nil)
            #expect(try await Self.storedDecks(server) == 2)
        }
    }

    /// The `decks_stored` gauge of `/metrics`.
    static func storedDecks(_ server: TestServer) async throws -> Int? {
        let text = try await server.get("/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix("decks_stored ") }
        return line.flatMap { Double($0.dropFirst("decks_stored ".count)) }.map { Int($0) }
    }

    @Test("HEAD on every GET route; a wrong method on a real path is 405 with Allow; nosniff on every answer")
    func methodsAndSniffing() async throws {
        try await withServer { server in
            let id = try await server.newDeck()
            _ = try await server.get("/api/deck/\(id)/draw/?count=2")
            _ = try await server.get("/api/deck/\(id)/pile/p/add/?cards=AS")
            let game = try await server.post("/api/memory/new/").decode(MemoryGameJSON.self).gameID
            let gets = deckServerRoutes().filter { $0.method == "GET" }.map(\.path)
            #expect(gets.count > 20)
            for route in gets {
                let path = route.replacingOccurrences(of: ":id", with: id).replacingOccurrences(of: ":pile", with: "p")
                    .replacingOccurrences(of: ":file", with: "QH.png").replacingOccurrences(of: ":game_id", with: game)
                let get = try await server.get(path)
                let head = try await server.request(.HEAD, path)
                // Deck paths change decks on GET, so a HEAD may meet a state the GET left.
                #expect(head.status != 405 && (head.status != 404 || get.status == 404), "HEAD \(path): \(head.status), GET \(get.status)")
                #expect(head.body.isEmpty, "HEAD \(path) has a body")
                #expect(get.headers["X-Content-Type-Options"].first == "nosniff", "GET \(path)")
                #expect(head.headers["X-Content-Type-Options"].first == "nosniff", "HEAD \(path)")
            }
            for method in [HTTPMethod.PUT, .DELETE, .PATCH] {
                let answer = try await server.request(method, "/api/deck/\(id)/draw/")
                #expect(answer.status == 405, "\(method): \(answer.text)")
                #expect(answer.headers["Allow"].first == "GET, HEAD, POST", "\(method)")
                #expect(answer.headers["X-Content-Type-Options"].first == "nosniff")
            }
            let static405 = try await server.request(.DELETE, "/healthz")
            #expect(static405.status == 405)
            #expect(static405.headers["Allow"].first == "GET, HEAD")
            let unknown = try await server.request(.PUT, "/api/no/such/path")
            #expect(unknown.status == 404)
            #expect(unknown.headers["X-Content-Type-Options"].first == "nosniff")
            // The deck paths keep GET for changes, as deckofcardsapi's users call them.
            #expect(try await server.get("/api/deck/\(id)/draw/").status == 200)
        }
    }

    @Test("Memorize: a seeded game says so; GET on a changing path is 405 and changes nothing")
    func memorizeChangesOnPost() async throws {
        try await withServer { server in
            let seed = String(repeating: "ab", count: 32)
            let seeded = try await server.post("/api/memory/new/", "theme=Hearts&seed=\(seed)").decode(MemoryGameJSON.self)
            #expect(seeded.seeded)
            let plain = try await server.post("/api/memory/new/", "theme=Hearts").decode(MemoryGameJSON.self)
            #expect(!plain.seeded)
            #expect(try await server.get("/api/memory/new/?theme=Hearts").status == 405)
            let choose = try await server.get("/api/memory/\(plain.gameID)/choose/0/")
            #expect(choose.status == 405)
            #expect(choose.headers["Allow"].first == "POST")
            let after = try await server.get("/api/memory/\(plain.gameID)/").decode(MemoryGameJSON.self)
            #expect(after.cards.allSatisfy { !$0.faceUp })
            #expect(!(try await server.get("/assets/memory.js")).text.contains("\"seed\""))
        }
    }

    @Test("making decks, games and tables and taking seats is limited per client: 429 with Retry-After; X-Forwarded-For's last entry (the trusted proxy's) counts only with --trust-proxy")
    func creationRateLimit() async throws {
        try await withServer(arguments: ["--creations-per-minute", "3"]) { server in
            for _ in 0..<3 { #expect(try await server.get("/api/deck/new/").status == 200) }
            let over = try await server.get("/api/deck/new/shuffle/")
            #expect(over.status == 429)
            let retry = try #require(over.headers["Retry-After"].first.flatMap { Int($0) })
            #expect((1...20).contains(retry))
            #expect(over.error.contains("3 a minute"), "\(over.error)")
            #expect(try await server.post("/api/memory/new/").status == 429)
            // Taking a seat counts as making something: one client cannot fill every seat.
            #expect(try await server.post("/api/table/nosuchtable/join/", "name=Eve").status == 429)
            // Another address in a header the client wrote counts for nothing.
            #expect(try await server.get("/api/deck/new/", headers: [("X-Forwarded-For", "203.0.113.9")]).status == 429)
            // Reading and changing existing decks is not limited.
            #expect(try await server.get("/healthz").status == 200)
        }
        try await withServer(arguments: ["--creations-per-minute", "2", "--trust-proxy"]) { (server: TestServer) async throws in
            for _ in 0..<2 { #expect(try await server.get("/api/deck/new/", headers: [("X-Forwarded-For", "203.0.113.9")]).status == 200) }
            // The proxy appends the address it saw: the last entry. What the client wrote before it
            // (a forged first entry) counts for nothing.
            #expect(try await server.get("/api/deck/new/", headers: [("X-Forwarded-For", "198.51.100.7, 203.0.113.9")]).status == 429)
            #expect(try await server.get("/api/deck/new/", headers: [("X-Forwarded-For", "203.0.113.9, 198.51.100.7")]).status == 200)
            #expect(try await server.get("/api/deck/new/", headers: [("X-Forwarded-For", "198.51.100.8")]).status == 200)
        }
    }
}
