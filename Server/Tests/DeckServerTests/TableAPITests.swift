@testable import DeckServerHTTP
import DeckTestSupport
import Foundation
import Testing

/// The card table API end to end, over HTTP against a built server on each store: every action
/// and its refusals, privacy of hands, tokens, and the event streams.
@Suite("Card tables")
struct TableAPITests {
    static let seed = String(repeating: "0", count: 63) + "7"

    @Test("every action changes the table as it says, and the cards always add up", arguments: TestStore.allCases)
    func actions(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann", "seats=3&deck_count=1&seed=\(Self.seed)")
            let bob = try await server.join(ann.table, "Bob")
            #expect(bob.number == 2)

            var view = try await ann.view()
            #expect(view.version == 2)
            #expect(view.remaining == 52)
            #expect(view.seats.map(\.name) == ["Ann", "Bob", nil])
            #expect(view.yourSeat == 1)

            let drawn = try await ann.act("draw", "count=3")
            #expect(drawn.status == 200, "\(drawn.text)")
            view = try drawn.table
            #expect(view.version == 3 && view.remaining == 49)
            #expect(drawn.headers.first(name: "cache-control") == "no-store", "an answer with a hand is not cached")
            #expect(view.cards?.count == 3 && view.handCodes == view.cards?.map(\.code))

            view = try await bob.act("deal", "count=5").table
            #expect(view.remaining == 39)
            #expect(view.seats.map(\.handCount) == [8, 5, 0], "the free seat gets nothing")
            #expect(view.cards?.count == 5 && view.handCodes.count == 5)

            let annHand = try await ann.view().handCodes
            view = try await ann.act("play", "cards=\(annHand[0]),\(annHand[1])").table
            #expect(view.pile("center")?.cards.map(\.code) == [annHand[0], annHand[1]], "the last played is on top")
            #expect(view.handCodes == Array(annHand.dropFirst(2)))
            view = try await ann.act("play", "cards=\(annHand[2])&pile=discard").table
            #expect(view.pile("discard")?.remaining == 1)

            view = try await bob.act("take", "pile=center").table
            #expect(view.cards?.map(\.code) == [annHand[1]], "take without count takes the top card")
            view = try await bob.act("take", "pile=discard&cards=\(annHand[2])").table
            #expect(view.pile("discard") == nil || view.pile("discard")?.remaining == 0)
            #expect(view.handCodes.contains(annHand[2]))

            view = try await ann.view()
            let total = view.remaining + view.seats.map(\.handCount).reduce(0, +) + view.piles.map(\.pile.remaining).reduce(0, +)
            #expect(total == 52)

            view = try await bob.act("leave").table
            #expect(view.yourSeat == nil && view.hand == nil)
            #expect(view.seats[1].name == nil && view.seats[1].handCount == 0)
            #expect(try await bob.act("draw").status == 401, "a seat's token is void once it left")

            view = try await ann.act("shuffle").table
            #expect(view.remaining == 52 && view.piles.allSatisfy { $0.pile.remaining == 0 } && view.handCodes.isEmpty)
            let before = view.version
            let carol = try await server.join(ann.table, "Carol")
            #expect(carol.number == 2, "a freed seat is taken again")
            #expect(try await ann.view().version == before + 1)
        }
    }

    @Test("piles whose labels collide on the felt each keep a key of their own, and take reaches each")
    func collidingPileNames() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann", "seats=2")
            // s1 and s2 labelled discard, s3 unlabelled, s4 labelled s3: every card face up.
            for (index, label) in ["discard", "discard", nil, "s3"].enumerated() {
                #expect(try await ann.felt("split", "stack=deck&count=1&x=\(100 * index)&y=200").status == 200)
                #expect(try await ann.felt("flip", "stack=s\(index + 1)").status == 200)
                if let label { #expect(try await ann.felt("arrange", "stack=s\(index + 1)&label=\(label)").status == 200) }
            }
            let answer = try await server.get("/api/table/\(ann.table)/")
            let piles = try answer.table.piles
            #expect(piles.map(\.name).sorted() == ["discard", "discard@s2", "s3", "s3@s3"], "\(answer.text)")
            #expect(piles.map(\.pile.remaining).reduce(0, +) == 4, "every face-up card is in the answer once")
            let second = try #require(piles.first { $0.name == "discard@s2" }?.pile.cards.first?.code)
            let view = try await ann.act("take", "pile=discard@s2").table
            #expect(view.cards?.map(\.code) == [second], "the suffixed name reaches the second discard")
        }
    }

    @Test("bad input gets a 4xx naming the bad part, and changes nothing", arguments: TestStore.allCases)
    func refusals(_ store: TestStore) async throws {
        try await withServer(store) { server in
            for (form, word) in [("", "name"), ("name=", "name"), ("name=\(String(repeating: "x", count: 33))", "name"),
                                 ("name=A&seats=1", "seats"), ("name=A&seats=9", "seats"), ("name=A&deck_count=9", "deck_count"),
                                 ("name=A&seed=xyz", "seed"), ("name=A&jokers_enabled=maybe", "jokers_enabled")] {
                let answer = try await server.post("/api/table/new/", form)
                #expect(answer.status == 400, "\(form): \(answer.text)")
                #expect(answer.text.contains(word), "\(form): \(answer.text)")
            }
            #expect(try await server.get("/api/table/new/?name=A").status == 405, "making a table is POST only")

            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            let full = try await server.post("/api/table/\(ann.table)/join/", "name=Carol")
            #expect(full.status == 409 && full.text.contains("full"), "\(full.text)")
            #expect(try await server.post("/api/table/\(String(repeating: "a", count: 26))/join/", "name=Carol").status == 404)
            #expect(try await server.post("/api/table/nosuch/draw/", headers: ann.bearer).status == 404)

            let version = try await ann.view().version
            let cases: [(TestSeat, String, String, Int, String)] = [
                (ann, "draw", "count=53", 400, "count"),
                (ann, "draw", "count=-1", 400, "count"),
                (ann, "draw", "count=0", 400, "count"),
                (ann, "deal", "count=0", 400, "count"),
                (bob, "take", "count=0", 400, "count"),
                (ann, "play", "cards=AS&pile=%20", 400, "pile"),
                (ann, "draw", "count=two", 400, "count"),
                (ann, "deal", "", 400, "count"),
                (ann, "deal", "count=27", 400, "count"),
                (ann, "play", "", 400, "cards"),
                (ann, "play", "cards=ZZ", 400, "ZZ"),
                (ann, "play", "cards=AS", 400, "not in your hand"),
                (bob, "take", "pile=nowhere", 404, "nowhere"),
                (bob, "take", "count=1&cards=AS", 400, "exclude"),
            ]
            for (seat, action, form, status, word) in cases {
                let answer = try await seat.act(action, form)
                #expect(answer.status == status, "\(action) \(form): \(answer.text)")
                #expect(answer.text.contains(word), "\(action) \(form): \(answer.text)")
                #expect(try answer.decode(TableErrorAnswer.self).success == false)
            }
            #expect(try await ann.view().version == version, "no refusal changed the table")

            // Tokens: missing, malformed, another table's, not Bearer.
            let other = try await server.newTable("Zed")
            for headers in [[], [("Authorization", "Bearer nonsense")], other.bearer, [("Authorization", "Basic \(ann.token)")]] {
                let answer = try await server.post("/api/table/\(ann.table)/draw/", headers: headers)
                #expect(answer.status == 401, "\(headers): \(answer.text)")
                #expect(answer.headers.first(name: "www-authenticate") == "Bearer")
            }
            #expect(try await server.get("/api/table/\(ann.table)/draw/", headers: ann.bearer).status == 405, "actions are POST only")
            #expect(try await server.get("/api/table/\(ann.table)/", headers: other.bearer).status == 401)
            // Names: bidi overrides and stacked marks are refused.
            for name in ["%E2%80%AEnnA", "e" + String(repeating: "%CC%81", count: 200)] {
                let answer = try await server.post("/api/table/\(ann.table)/join/", "name=\(name)")
                #expect(answer.status == 400 && answer.text.contains("name"), "\(answer.text)")
            }
        }
    }

    @Test("seat B never sees a card of A's hand: not in answers, events, errors, nor through the deck paths", arguments: TestStore.allCases)
    func privacy(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann", "seats=2&seed=\(Self.seed)")
            let bob = try await server.join(ann.table, "Bob")
            let stream = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events?token=\(bob.token)")
            var seenByBob: [String] = []
            func bobSees(_ answer: Answer) { seenByBob.append(answer.text) }

            _ = try await ann.act("draw", "count=5")
            bobSees(try await bob.act("deal", "count=3"))
            let annHand = try await ann.view().handCodes
            #expect(annHand.count == 8)
            // Bob tries A's cards: refused without saying where they are.
            bobSees(try await bob.act("play", "cards=\(annHand[0])"))
            bobSees(try await bob.act("take", "pile=center&cards=\(annHand[1])"))
            bobSees(try await server.get("/api/table/\(ann.table)/", headers: bob.bearer))
            bobSees(try await server.get("/api/table/\(ann.table)/"))
            // The table's id through the deck paths: no such deck.
            for path in ["/api/deck/\(ann.table)/", "/api/deck/\(ann.table)/draw/?count=5",
                         "/api/deck/\(ann.table)/pile/center/list/", "/api/deck/\(ann.table)/shuffle/"] {
                let answer = try await server.get(path)
                #expect(answer.status == 404, "\(path): \(answer.text)")
                bobSees(answer)
            }
            _ = try await ann.act("play", "cards=\(annHand[7])")
            _ = try await stream.view(atLeast: try await ann.view().version)
            await stream.close()
            seenByBob.append(stream.text)

            // Bob named annHand[0] and annHand[1] himself; none of the others may appear anywhere.
            let secret = annHand[2..<7]
            for text in seenByBob {
                for code in secret {
                    #expect(!text.contains("\"\(code)\"") && !text.contains("/\(code).png") && !text.contains("/\(code).svg"),
                            "Bob saw \(code) of Ann's hand: \(text.prefix(300))")
                }
            }
            #expect(seenByBob.last?.contains("\"\(annHand[7])\"") == true, "a played card is public")
        }
    }

    @Test("a seat taken again: the old token's open stream shows what anyone sees, never the new hand", arguments: TestStore.allCases)
    func seatTakenAgain(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            let old = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events?token=\(bob.token)")
            let bobsHand = try await bob.act("draw", "count=2").table.handCodes
            _ = try await bob.act("leave")
            let carol = try await server.join(ann.table, "Carol")
            #expect(carol.number == 2)
            let carolsHand = try await carol.act("draw", "count=5").table.handCodes
            let version = try await carol.view().version
            let last = try #require(try await old.view(atLeast: version), "no view at version \(version): ended \(old.ended), read: \(old.text.suffix(800))")
            #expect(last.hand == nil && last.yourSeat == nil)
            #expect(last.seats[1].name == "Carol" && last.seats[1].handCount == 5)
            await old.close()
            // Bob's cards went into the deck at random places, so Carol may draw one he held:
            // his stream showed those while they were his.
            for code in carolsHand where !bobsHand.contains(code) {
                #expect(!old.text.contains("\"\(code)\""), "Bob's old stream showed Carol's \(code)")
            }
            #expect(try await bob.act("draw").status == 401)
        }
    }

    @Test("tokens are long, distinct, random, and kept only as hashes")
    func tokens() async throws {
        try await withServer(.sqlite) { server in
            let ann = try await server.newTable("Ann", "seats=8")
            var tokens = [ann.token]
            for name in ["B", "C", "D", "E", "F", "G", "H"] { tokens.append(try await server.join(ann.table, name).token) }
            #expect(Set(tokens).count == 8)
            for token in tokens {
                // 43 characters of URL-safe base64: 256 bits.
                #expect(token.count == 43 && token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            }
            #expect(ann.table.count == 26, "130-bit table ids, like decks'")
            await server.process.stop()
            var stored = Data()
            for file in try FileManager.default.contentsOfDirectory(at: server.process.dataFolder, includingPropertiesForKeys: nil) {
                stored += (try? Data(contentsOf: file)) ?? Data()
            }
            let text = String(decoding: stored, as: UTF8.self)
            #expect(text.contains("Ann"), "the data folder holds the table")
            for token in tokens { #expect(!text.contains(token), "a token was stored as such") }
        }
    }

    @Test("events come in version order, one per change, and a reconnect resumes at the current view", arguments: TestStore.allCases)
    func eventOrder(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann")
            let stream = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events?token=\(ann.token)")
            #expect(stream.status == 200)
            #expect(stream.contentType?.hasPrefix("text/event-stream") == true)
            let first = try #require(await stream.next() as EventStreamReader.Event?)
            #expect(first.id == "1", "the current view at once")
            #expect(try first.table.version == 1)
            for _ in 0..<6 { #expect(try await ann.act("draw").status == 200) }
            var versions: [Int] = []
            while versions.last != 7, let event = await stream.next() {
                let view = try event.table
                #expect(event.id == String(view.version))
                #expect(view.handCodes.count == view.version - 1, "Ann's stream shows her hand")
                versions.append(view.version)
            }
            #expect(versions.last == 7)
            #expect(versions == versions.sorted() && Set(versions).count == versions.count, "\(versions)")
            await stream.close()

            _ = try await ann.act("draw")
            let again = try await EventStreamReader(
                server.base + "/api/table/\(ann.table)/events?token=\(ann.token)", headers: [("Last-Event-ID", "7")])
            let resumed = try #require(await again.next() as EventStreamReader.Event?)
            #expect(resumed.id == "8")
            #expect(try resumed.table.handCodes.count == 7)
            await again.close()

            let anyone = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events")
            let seen = try #require(await anyone.next() as EventStreamReader.Event?)
            #expect(try seen.table.hand == nil)
            #expect(try seen.table.seats[0].handCount == 7)
            await anyone.close()
            #expect(try await server.get("/api/table/\(ann.table)/events?token=wrong").status == 401)
            #expect(try await server.get("/api/table/\(String(repeating: "b", count: 26))/events").status == 404)
        }
    }

    @Test("a quiet stream gets a comment line each --keep-alive-interval (15 s unless set)")
    func keepAlive() async throws {
        try await withServer(.sqlite, arguments: ["--keep-alive-interval", "0.2"]) { server in
            let ann = try await server.newTable("Ann")
            let stream = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events?token=\(ann.token)")
            _ = await stream.next()
            // The event is the comment line; the bound only ends a test that would hang.
            #expect(await stream.waitForCommentLine(within: .seconds(60)), "no comment line")
            await stream.close()
        }
    }

    @Test("--max-streams bounds the open streams: past it 503, and a closed one frees its place")
    func maxStreams() async throws {
        try await withServer(.sqlite, arguments: ["--max-streams", "2", "--log-level", "info"]) { server in
            let ann = try await server.newTable("Ann")
            let url = server.base + "/api/table/\(ann.table)/events?token=\(ann.token)"
            // The first stream on a socket of the test's own: AsyncHTTPClient's sockets are
            // inherited by server processes other tests start, so closing one may not end it.
            let port = try #require(URL(string: server.base)?.port)
            let one = try RawConnection(port: port)
            try one.send("GET /api/table/\(ann.table)/events?token=\(ann.token) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await one.read(until: "id: 1").contains("id: 1"))
            let two = try await EventStreamReader(url)
            _ = await two.next()
            // HEAD answers the head alone and takes no stream.
            for _ in 0..<3 { #expect(try await server.request(.HEAD, "/api/table/\(ann.table)/events").status == 200) }
            let three = try await server.get("/api/table/\(ann.table)/events")
            #expect(three.status == 503 && three.text.contains("event streams"), "\(three.text)")
            #expect(three.headers.first(name: "retry-after") != nil)
            one.hangUp()
            // The server notices the hang-up (the connection's end) and frees the place.
            var reopened: EventStreamReader?
            try await waitForRecovery("a hung-up stream's place freed", budget: .seconds(10)) {
                let attempt = try await EventStreamReader(url)
                if attempt.status == 200 { reopened = attempt } else { await attempt.close() }
                return reopened != nil
            }
            await reopened?.close()
            await two.close()
            // The access log writes paths without their query: the token never appears in it.
            await server.process.stop()
            let log = await server.process.errorOutput()
            #expect(log.contains("/events"), "the access log has the stream requests")
            #expect(!log.contains(ann.token), "the token was logged")
        }
    }

    @Test("tables idle out like decks, and their open streams end")
    func idleOut() async throws {
        // On PostgreSQL, whose records the test can set back while the server runs: the table's
        // last change two days ago, a day past --idle-days 1, instead of waiting for it to age.
        try await withServer(.postgres, arguments: ["--idle-days", "1", "--expiry-interval", "1", "--keep-alive-interval", "0.2"]) { server in
            let ann = try await server.newTable("Ann")
            let stream = try await EventStreamReader(server.base + "/api/table/\(ann.table)/events")
            _ = await stream.next()
            try await PostgresCluster.shared.execute(
                "UPDATE records SET changed_at = changed_at - interval '2 days' WHERE id = '\(ann.table)'", in: try #require(server.process.database))
            try await waitUntil("the idle table's deletion") { try await server.get("/api/table/\(ann.table)/").status == 404 }
            // No notice announces an idle deletion: the hub's periodic read (each keep-alive
            // interval, set to 0.2 s here) finds the table gone and ends its streams.
            #expect(await stream.waitUntilEnded(within: .seconds(60)), "the stream of a deleted table goes on")
            await stream.close()
        }
    }

    @Test("two instances on one PostgreSQL: a change through one reaches a stream held by the other")
    func acrossInstances() async throws {
        try await withTwoInstances { one, two in
            let ann = try await one.newTable("Ann")
            let bob = try await two.join(ann.table, "Bob")
            let stream = try await EventStreamReader(two.base + "/api/table/\(ann.table)/events?token=\(bob.token)")
            _ = await stream.next()
            for round in 1...3 {
                let answer = try await one.post("/api/table/\(ann.table)/draw/", "count=2", headers: ann.bearer)
                let version = try answer.table.version
                let seen = try #require(try await stream.view(atLeast: version), "round \(round)")
                #expect(seen.version == version)
                #expect(seen.seats[0].handCount == 2 * round && seen.hand == [])
            }
            await stream.close()
        }
    }
}

/// An error answer.
private struct TableErrorAnswer: Decodable {
    var success: Bool
    var error: String
}
