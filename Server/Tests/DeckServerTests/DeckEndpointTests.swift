@testable import DeckServerHTTP
import DeckService
import DeckStoreSQLite
import DeckTestSupport
import Foundation
import PlayingCards
import PlayingCardsProvablyFair
import Testing

@Suite("Deck API end to end", .serialized)
struct DeckEndpointTests {
    @Test("the documented flow: new, draw, shuffle, draw, piles, return — in GET and in POST form", arguments: TestStore.allCases)
    func documentedFlow(_ store: TestStore) async throws {
        try await withServer(store) { server in
            for usePost in [false, true] {
                func call(_ path: String, _ form: String = "") async throws -> Answer {
                    if usePost { return try await server.post(path, form) }
                    return try await server.get(form.isEmpty ? path : "\(path)?\(form)")
                }
                let new = try await call("/api/deck/new/")
                #expect(new.status == 200)
                let deck = try new.deck
                #expect(deck.success)
                #expect(deck.remaining == 52)
                #expect(!deck.shuffled)
                let id = deck.deckID
                #expect(id.count >= 22)

                let first = try await call("/api/deck/\(id)/draw/", "count=2")
                #expect(first.codes == ["AS", "2S"])
                #expect(first.remaining == 50)
                let card = try #require(try first.deck.cards?.first)
                #expect(card.value == "ACE")
                #expect(card.suit == "SPADES")
                #expect(card.image == "\(server.base)/static/img/AS.png")
                #expect(card.images.svg == "\(server.base)/static/img/AS.svg")

                let shuffled = try await call("/api/deck/\(id)/shuffle/")
                #expect(shuffled.remaining == 52)
                #expect(try shuffled.deck.shuffled)
                let ten = try await call("/api/deck/\(id)/draw/", "count=10")
                #expect(ten.codes.count == 10)
                #expect(ten.remaining == 42)

                let added = try await call("/api/deck/\(id)/pile/discard/add/", "cards=\(ten.codes[0]),\(ten.codes[1])")
                #expect(added.status == 200)
                #expect(added.pileCount("discard") == 2)
                _ = try await call("/api/deck/\(id)/pile/player2/add/", "cards=\(ten.codes[2]),\(ten.codes[3])")
                let list = try await call("/api/deck/\(id)/pile/player2/list/")
                #expect(list.pileCodes("player2") == [ten.codes[2], ten.codes[3]])
                #expect(list.pileCount("discard") == 2)
                #expect(list.pileCodes("discard").isEmpty)

                // The top of a pile is the card added last.
                let top = try await call("/api/deck/\(id)/pile/player2/draw/", "count=1")
                #expect(top.codes == [ten.codes[3]])
                let bottom = try await call("/api/deck/\(id)/pile/discard/draw/bottom/")
                #expect(bottom.codes == [ten.codes[0]])
                let named = try await call("/api/deck/\(id)/pile/discard/draw/", "cards=\(ten.codes[1])")
                #expect(named.codes == [ten.codes[1]])
                #expect(named.pileCount("discard") == 0)

                _ = try await call("/api/deck/\(id)/pile/discard/add/", "cards=\(ten.codes[4]),\(ten.codes[5]),\(ten.codes[6])")
                let random = try await call("/api/deck/\(id)/pile/discard/draw/random/", "count=2")
                #expect(random.codes.count == 2)
                #expect(Set(random.codes).isSubset(of: [ten.codes[4], ten.codes[5], ten.codes[6]]))
                let pileShuffle = try await call("/api/deck/\(id)/pile/discard/shuffle/")
                #expect(pileShuffle.pileCount("discard") == 1)
                let pileReturn = try await call("/api/deck/\(id)/pile/discard/return/")
                #expect(pileReturn.pileCount("discard") == 0)
                #expect(pileReturn.remaining == 43)

                let back = try await call("/api/deck/\(id)/return/", "cards=\(ten.codes[7])")
                #expect(back.remaining == 44)
                let all = try await call("/api/deck/\(id)/return/")
                // Every drawn card in no pile comes back; player2 still holds one card.
                #expect(all.remaining == 51)

                let info = try await call("/api/deck/\(id)/")
                #expect(info.remaining == all.remaining)
                #expect(try info.deck.shuffled)
            }
        }
    }

    @Test("draw from the bottom and at random; new/draw; remaining-only shuffle keeps piles", arguments: TestStore.allCases)
    func deckDraws(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let id = try await server.newDeck()
            #expect(try await server.get("/api/deck/\(id)/draw/bottom/?count=2").codes == ["KH", "QH"])
            let random = try await server.post("/api/deck/\(id)/draw/random/", "count=3")
            #expect(random.codes.count == 3)
            #expect(random.remaining == 47)
            _ = try await server.get("/api/deck/\(id)/pile/keep/add/?cards=KH")
            let partial = try await server.get("/api/deck/\(id)/shuffle/?remaining=true")
            #expect(partial.remaining == 47)
            let list = try await server.get("/api/deck/\(id)/pile/keep/list/")
            #expect(list.pileCodes("keep") == ["KH"])

            // Pile names with quotes, backslashes and non-ASCII letters come back intact.
            let oddName = "a\"b\\c ♠ é"
            let encoded = oddName.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let odd = try await server.post("/api/deck/\(id)/pile/\(encoded)/add/", "cards=QH")
            #expect(odd.status == 200, "\(odd.text)")
            #expect(odd.pileCount(oddName) == 1)

            let newDraw = try await server.get("/api/deck/new/draw/?count=5&deck_count=2")
            #expect(newDraw.codes.count == 5)
            #expect(newDraw.remaining == 99)
        }
    }

    @Test("partial decks, jokers, shoes: composition and new-deck order", arguments: TestStore.allCases)
    func deckCompositions(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let partial = try await server.newDeck("?cards=AS,2S,KH,0D")
            let drawn = try await server.get("/api/deck/\(partial)/draw/?count=4")
            #expect(drawn.codes == ["AS", "2S", "KH", "0D"])
            #expect(try drawn.deck.cards?[3].value == "10")

            let jokers = try await server.newDeck("?jokers_enabled=true")
            let all = try await server.get("/api/deck/\(jokers)/draw/?count=54")
            #expect(all.codes == PlayingCard.standardDeck.map(\.apiCodeForTests) + ["X1", "X2"])
            let cards = try #require(try all.deck.cards)
            let joker = try #require(cards.last)
            #expect(joker.suit == "RED")
            #expect(joker.value == "JOKER")
            #expect(joker.image.hasSuffix("/static/img/X2.png"))
            #expect(cards[13].image.hasSuffix("/static/img/aceDiamonds.png"))

            let shoe = try await server.get("/api/deck/new/?deck_count=6")
            #expect(shoe.remaining == 312)
        }
    }

    @Test("seed=<64 hex> replays spc-shuffle-v1: the library's order", arguments: TestStore.allCases)
    func seededShuffles(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let hex = String(repeating: "0123456789abcdef", count: 4)
            let seed = try ShuffleSeed(hex: hex)
            let expected = PlayingCardDeck().shuffled(seed: seed).cards.map(\.apiCodeForTests)

            let new = try await server.get("/api/deck/new/shuffle/?seed=\(hex)")
            let id = try new.deck.deckID
            #expect(try await server.get("/api/deck/\(id)/draw/?count=52").codes == expected)

            let other = try await server.newDeck()
            _ = try await server.post("/api/deck/\(other)/shuffle/", "seed=\(hex)")
            #expect(try await server.get("/api/deck/\(other)/draw/?count=52").codes == expected)

            // A shoe, and the remaining cards only.
            let shoeID = try await server.get("/api/deck/new/shuffle/?deck_count=2&seed=\(hex)").deck.deckID
            let shoe = try PlayingCardDeck(decks: 2).shuffled(seed: seed).cards.map(\.apiCodeForTests)
            #expect(try await server.get("/api/deck/\(shoeID)/draw/?count=104").codes == shoe)

            let rest = try await server.newDeck()
            _ = try await server.get("/api/deck/\(rest)/draw/?count=2")
            _ = try await server.get("/api/deck/\(rest)/shuffle/?remaining=true&seed=\(hex)")
            let remaining = Array(PlayingCard.standardDeck.dropFirst(2)).shuffled(seed: seed).map(\.apiCodeForTests)
            #expect(try await server.get("/api/deck/\(rest)/draw/?count=50").codes == remaining)
        }
    }

    @Test("provably fair: commitment first, reveal closes the deck, and the order verifies", arguments: TestStore.allCases)
    func provablyFair(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let new = try await server.get("/api/deck/new/shuffle/?fair=true&client_seed=tulip-8812")
            #expect(new.status == 200)
            let fair = try #require(try new.deck.fair)
            let commitment = fair.commitment
            #expect(commitment.count == 64)
            #expect(fair.serverSeed == nil)
            #expect(fair.algorithm == "spc-fair-v1")
            let id = try new.deck.deckID
            let dealt = try await server.get("/api/deck/\(id)/draw/?count=52").codes
            #expect(try await server.get("/api/deck/\(id)/shuffle/").status == 409)

            let revealed = try await server.post("/api/deck/\(id)/reveal/")
            let shown = try #require(try revealed.deck.fair)
            let serverSeed = try ShuffleSeed(hex: try #require(shown.serverSeed))
            #expect(shown.commitment == commitment)
            let order = try dealt.map { try PlayingCard($0) }
            try FairShuffle.verify(order: order, commitment: commitment, serverSeed: serverSeed, clientSeed: "tulip-8812", nonce: 1)
            #expect(shown.order == dealt)

            let closed = try await server.get("/api/deck/\(id)/return/")
            #expect(closed.status == 409)
            #expect(closed.error.contains("closed"))
        }
    }

    @Test("card images: 226 × 314 PNG by default, SVG, width and theme, ETag and 304, aceDiamonds")
    func images() async throws {
        try await withServer { server in
            let png = try await server.get("/static/img/QH.png")
            #expect(png.status == 200)
            #expect(png.headers["Content-Type"].first == "image/png")
            #expect(Array(png.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(pngSize(png.body) == [226, 314])
            let etag = try #require(png.headers["ETag"].first)
            #expect(png.headers["Cache-Control"].first?.contains("max-age=") == true)
            let again = try await server.get("/static/img/QH.png", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)

            let wide = try await server.get("/static/img/0H.png?width=452&theme=four-color")
            #expect(pngSize(wide.body) == [452, 628])
            let svg = try await server.get("/static/img/aceDiamonds.svg")
            #expect(svg.headers["Content-Type"].first == "image/svg+xml")
            #expect(svg.text.contains("<svg"))
            #expect(try await server.get("/static/img/back.png").status == 200)
            #expect(try await server.get("/static/img/X2.svg").status == 200)

            let badWidth = try await server.get("/static/img/QH.png?width=99999")
            #expect(badWidth.status == 400)
            #expect(badWidth.error.contains("99999"))
            let badTheme = try await server.get("/static/img/QH.png?theme=plaid")
            #expect(badTheme.status == 400)
            #expect(badTheme.error.contains("plaid"))
            let badCode = try await server.get("/static/img/ZZ.png")
            #expect(badCode.status == 404)
            #expect(badCode.error.contains("ZZ"))
        }
    }

    @Test("links follow the Host; X-Forwarded-Host and -Proto only with --trust-proxy; --public-url wins")
    func publicLinks() async throws {
        let forwarded = [("X-Forwarded-Host", "cards.example.org"), ("X-Forwarded-Proto", "https")]
        let reference = [("Host", "www.deckofcardsapi.com")]
        try await withServer { server in
            let id = try await server.newDeck()
            let card = try #require(try await server.get("/api/deck/\(id)/draw/", headers: forwarded).deck.cards?.first)
            #expect(card.image == "\(server.base)/static/img/AS.png")
            // A client that names the reference's host (a hosts-file override, a proxy that
            // passes Host on) gets links on that host: hence --public-url for self-hosting.
            let named = try #require(try await server.get("/api/deck/\(id)/draw/", headers: reference).deck.cards?.first)
            #expect(named.image == "http://www.deckofcardsapi.com/static/img/2S.png")
        }
        try await withServer(arguments: ["--trust-proxy"]) { server in
            let id = try await server.newDeck()
            let card = try #require(try await server.get("/api/deck/\(id)/draw/", headers: forwarded).deck.cards?.first)
            #expect(card.image == "https://cards.example.org/static/img/AS.png")
            let forged = [("X-Forwarded-Host", "evil\"<script>"), ("X-Forwarded-Proto", "javascript")]
            let kept = try #require(try await server.get("/api/deck/\(id)/draw/", headers: forged).deck.cards?.first)
            #expect(kept.image == "\(server.base)/static/img/2S.png")
        }
        try await withServer(arguments: ["--public-url", "https://deck.example.com/", "--trust-proxy"]) { server in
            let id = try await server.newDeck()
            let card = try #require(try await server.get("/api/deck/\(id)/draw/", headers: forwarded).deck.cards?.first)
            #expect(card.image == "https://deck.example.com/static/img/AS.png")
            let named = try #require(try await server.get("/api/deck/\(id)/draw/", headers: reference).deck.cards?.first)
            #expect(named.image == "https://deck.example.com/static/img/2S.png")
        }
    }

    @Test("CORS: the header on answers and errors, preflight answered", arguments: TestStore.allCases)
    func cors(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let answer = try await server.get("/api/deck/new/", headers: [("Origin", "https://game.example")])
            #expect(answer.headers["Access-Control-Allow-Origin"].first == "*")
            let error = try await server.get("/api/deck/nope/", headers: [("Origin", "https://game.example")])
            #expect(error.status == 404)
            #expect(error.headers["Access-Control-Allow-Origin"].first == "*")
            let preflight = try await server.request(
                .OPTIONS, "/api/deck/new/",
                headers: [("Origin", "https://game.example"), ("Access-Control-Request-Method", "POST"),
                          ("Access-Control-Request-Headers", "content-type")])
            #expect(preflight.status == 204)
            #expect(preflight.headers["Access-Control-Allow-Methods"].first?.contains("POST") == true)
            #expect(preflight.headers["Access-Control-Allow-Origin"].first == "*")
        }
    }

    @Test("healthz, metrics, home page", arguments: TestStore.allCases)
    func operations(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let health = try await server.get("/healthz")
            #expect(health.status == 200)
            _ = try await server.newDeck()
            _ = try await server.get("/api/deck/nope/draw/")
            let metrics = try await server.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.headers["Content-Type"].first?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains("http_requests_total{method=\"GET\",route=\"/api/deck/new\",status=\"200\"} 1"))
            #expect(metrics.text.contains("http_request_duration_seconds_bucket"))
            #expect(metrics.text.contains("decks_stored 1"))
            #expect(metrics.text.contains("status=\"404\""))
            let home = try await server.get("/")
            #expect(home.status == 200)
            #expect(home.headers["Content-Type"].first?.hasPrefix("text/html") == true)
            #expect(home.text.contains("/api/deck/new/"))
        }
    }
}

@Suite("Server operation: idle expiry, access log, bad options")
struct ServerOperationTests {
    @Test("decks left idle past --idle-days are deleted by the idle-record job, which runs as the server starts; a deck changed since stays")
    func idleDecksExpire() async throws {
        let first = try await ServerProcess()
        try await withCleanup {
            let idle = try await TestServer(process: first).newDeck()
            let busy = try await TestServer(process: first).newDeck()
            #expect(await first.stop() == 0)
            // The idle deck's last change is set two days back, instead of the test waiting for
            // it to age: a day either side of --idle-days 1, so no pause of a busy machine can
            // make the busy deck look idle or the idle one busy.
            do {
                let store = try SQLiteRecordStore(folder: first.dataFolder.path)
                let backdated = try await store.update(.deck, id: idle, at: Date(timeIntervalSinceNow: -2 * 86400)) { ($0, true) }
                try #require(backdated == true)
            }
            let second = try await ServerProcess(dataFolder: first.dataFolder, arguments: ["--idle-days", "1", "--log-level", "info"])
            let server = TestServer(process: second)
            try await waitUntil("the idle deck's deletion") { try await server.get("/api/deck/\(idle)/").status == 404 }
            #expect(try await server.get("/api/deck/\(busy)/").remaining == 52)
            #expect(await second.stop() == 0)
            let runs = await second.errorOutput().split(separator: "\n").filter { $0.contains("the idle-record job ran") }
            #expect(runs.first?.contains("deleted=1") == true, "\(runs)")
        } cleanup: {
            await first.stopAndRemoveData()
        }
    }

    @Test("one access-log line per request, with method, path, status and time")
    func accessLog() async throws {
        let process = try await ServerProcess(arguments: ["--log-level", "info"])
        try await withCleanup {
            let server = TestServer(process: process)
            _ = try await server.get("/api/deck/new/")
            _ = try await server.get("/api/deck/nosuch/draw/")
            #expect(await process.stop() == 0)
            let lines = await process.errorOutput().split(separator: "\n").filter { $0.contains("request") && $0.contains("path=") }
            #expect(lines.count == 2)
            #expect(lines.first?.contains("path=/api/deck/new/") == true)
            #expect(lines.first?.contains("status=200") == true)
            #expect(lines.last?.contains("status=404") == true)
            #expect(lines.allSatisfy { $0.contains("method=GET") && $0.contains("ms=") })
        } cleanup: {
            await process.stopAndRemoveData()
        }
    }

    @Test("a second server on the same data folder is refused (exit 69, saying why); the first goes on serving")
    func secondServerOnOneFolder() async throws {
        let first = try await ServerProcess()
        try await withCleanup {
            let deck = try await TestServer(process: first).newDeck()
            let (status, text) = try await runToExit(["--host", "127.0.0.1", "--port", "0", "--data", first.dataFolder.path])
            #expect(status == 69)
            #expect(text.contains("another deck-server is using it"), "\(text)")
            #expect(text.contains(first.dataFolder.path), "\(text)")
            #expect(try await TestServer(process: first).get("/api/deck/\(deck)/draw/?count=1").status == 200)
        } cleanup: {
            await first.stopAndRemoveData()
        }
    }

    @Test("bad command-line options exit 64 with a message naming the option")
    func badOptions() async throws {
        for (arguments, mention) in [(["--port", "70000"], "70000"), (["--idle-days", "0"], "--idle-days"),
                                     (["--public-url", "ftp://x"], "ftp://x"), (["--log-level", "loud"], "loud"),
                                     (["--keep-alive-interval", "0"], "--keep-alive-interval"), (["--no-such", "x"], "--no-such"),
                                     (["--max-streams-per-client=-1"], "--max-streams-per-client -1 is not allowed: give 0 (no limit) to 1000000"),
                                     (["--stream-write-timeout", "0"], "--stream-write-timeout 0.0 is not allowed"),
                                     (["--drain-timeout=-2"], "--drain-timeout -2.0 is not allowed"),
                                     (["--max-streams=-1"], "--max-streams -1 is not allowed"),
                                     (["--hold-seconds", "1"], "--hold-seconds 1.0 is not allowed: give 5 to 3600 seconds")] {
            let (status, text) = try await runToExit(arguments)
            #expect(status == 64, "\(arguments)")
            #expect(text.contains(mention), "\(arguments): \(text)")
        }
    }

    @Test("--help lists the event stream and drain options")
    func helpListsStreamOptions() async throws {
        let (status, text) = try await runToExit(["--help"])
        #expect(status == 0)
        for option in ["--max-streams <", "--max-streams-per-client", "--stream-write-timeout", "--drain-timeout", "--keep-alive-interval", "--hold-seconds"] {
            #expect(text.contains(option), "\(option) is not in --help")
        }
    }
}

extension PlayingCard {
    /// The API's code, written out independently of the server's code.
    var apiCodeForTests: String {
        formatted(.code(CodeStyle(ten: .zero)))
    }
}

/// The width and height in a PNG's header.
func pngSize(_ bytes: [UInt8]) -> [Int]? {
    guard bytes.count > 24 else { return nil }
    let read = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return [read(16), read(20)]
}
