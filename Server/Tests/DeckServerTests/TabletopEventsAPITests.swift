@testable import DeckServerHTTP
import AsyncHTTPClient
import DeckTestSupport
import Foundation
import NIOCore
import Testing

/// The free-form table's event stream, watch links and felt settings, against the built server.
@Suite("Free-form tables: events, watchers and the felt")
struct TabletopEventsAPITests {
    @Test(
        "the felt's stream: the whole view first, then each change as a delta (under 1 KB for one card moved on a 52-card felt); holds, drags and peeks reach the other seat, and no face-down card's face",
        arguments: TestStore.allCases)
    func stream(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            // Every card onto the felt: seven columns of 1 to 7 face down, the rest as a stock.
            for column in 1...7 {
                let answer = try await ann.felt("split", "stack=deck&count=\(column)&x=\(100 * column)&y=200")
                #expect(answer.status == 200, "\(answer.text)")
            }
            #expect(try await ann.felt("split", "stack=deck&count=24&x=40&y=500").status == 200)
            for column in 1...7 { #expect(try await ann.felt("flip", "stack=s\(column)&handle=\(try await topHandle(ann, "s\(column)"))").status == 200) }
            let stream = try await EventStreamReader(server.base + "/api/table/\(ann.table)/felt/events?token=\(bob.token)")
            let first = try #require(await stream.next(named: "view"))
            let whole = try object(first)
            let version = try #require(whole["version"] as? Int)
            #expect(whole["table_id"] as? String == ann.table && whole["your_seat"] as? Int == 2)

            // One card moved: s1's only card onto s2.
            let moved = try await ann.felt("move", "from=s1&count=1&to=s2")
            #expect(moved.status == 200, "\(moved.text)")
            let change = try #require(await stream.next(named: "change"))
            let delta = try object(change)
            #expect(delta["from"] as? Int == version && delta["version"] as? Int == version + 1 && change.id == String(version + 1))
            #expect((delta["removed"] as? [String]) == ["s1"])
            #expect(((delta["stacks"] as? [[String: Any]]) ?? []).map { $0["id"] as? String } == ["s2"])
            #expect(change.data.utf8.count < 1024, "a one-card change is \(change.data.utf8.count) bytes")
            print("event sizes: one card moved on a 52-card felt \(change.data.utf8.count) bytes; the whole view \(first.data.utf8.count) bytes")

            // Ann holds s3 and drags it: Bob hears both, and cannot take it meanwhile.
            #expect(try await ann.felt("hold", "stack=s3").status == 200)
            let hold = try object(try #require(await stream.next(named: "hold")))
            #expect(hold["stack"] as? String == "s3" && hold["seat"] as? Int == 1 && hold["until"] is Int)
            // The tests' servers hold for an hour (--hold-seconds 3600), not the default 5 s.
            let until = Date(timeIntervalSince1970: Double(hold["until"] as? Int ?? 0) / 1000)
            #expect(until.timeIntervalSinceNow > 600, "the hold ends at \(until)")
            let refused = try await bob.felt("arrange", "stack=s3&x=10&y=10")
            #expect(refused.status == 409 && refused.text.contains("held by seat 1"), "\(refused.text)")
            #expect(try await bob.felt("drag", "stack=s3&x=1&y=1").status == 409, "a seat drags only what it holds")
            #expect(try await ann.felt("drag", "stack=s3&x=520.5&y=410").status == 200)
            let drag = try object(try #require(await stream.next(named: "drag")))
            #expect(drag["stack"] as? String == "s3" && drag["x"] as? Double == 520.5 && drag["y"] as? Double == 410)
            // The drop ends the hold: the change shows s3 where it went, held by nobody.
            #expect(try await ann.felt("arrange", "stack=s3&x=520.5&y=410").status == 200)
            let dropped = try object(try #require(await stream.next(named: "change")))
            let s3 = try #require((dropped["stacks"] as? [[String: Any]])?.first { $0["id"] as? String == "s3" })
            #expect(s3["x"] as? Double == 520.5 && s3["held_by"] == nil)
            let late = try await ann.felt("drag", "stack=s3&x=1&y=1")
            #expect(late.status == 409 && late.text.contains("not held by your seat"), "a drag after the drop: \(late.text)")

            // Ann peeks at the stock: Bob hears that, and nothing of what she saw.
            let peek = try await ann.felt("peek", "stack=s8")
            let seen = try peek.tabletop.peeked?.compactMap(\.face?.code) ?? []
            #expect(seen.count == 24)
            let peeked = try #require(await stream.next(named: "peek"))
            #expect(try object(peeked).keys.sorted() == ["seat", "stack"])
            // Nothing Bob received names a face-down card.
            for code in seen { #expect(!stream.text.contains("\"\(code)\""), "Bob's stream shows \(code)") }
            await stream.close()
        }
    }

    @Test("two instances on one PostgreSQL: holds, drags and changes through one reach a felt stream held by the other")
    func acrossInstances() async throws {
        try await withTwoInstances { one, two in
            let ann = try await one.newTable("Ann")
            let bob = try await two.join(ann.table, "Bob")
            #expect(try await ann.felt("split", "stack=deck&count=5&x=300&y=300").status == 200)
            let stream = try await EventStreamReader(two.base + "/api/table/\(ann.table)/felt/events?token=\(bob.token)")
            _ = try #require(await stream.next(named: "view"))
            #expect(try await ann.felt("hold", "stack=s1").status == 200)
            #expect(try object(try #require(await stream.next(named: "hold")))["stack"] as? String == "s1")
            // Drags at 30 a second: the last position always arrives. The hold is renewed before
            // each, as the page renews it while dragging.
            for step in 1...10 {
                #expect(try await ann.felt("hold", "stack=s1").status == 200)
                let drag = try await ann.felt("drag", "stack=s1&x=\(300 + step)&y=300")
                #expect(drag.status == 200, "\(drag.text)")
            }
            var lastX = 0.0
            while lastX < 310, let drag = await stream.next(named: "drag") { lastX = try object(drag)["x"] as? Double ?? 0 }
            #expect(lastX == 310)
            #expect(try await ann.felt("arrange", "stack=s1&x=310&y=300").status == 200)
            let change = try object(try #require(await stream.next(named: "change")))
            #expect((change["stacks"] as? [[String: Any]])?.first?["x"] as? Double == 310)
            await stream.close()
        }
    }

    @Test("across two instances, once a release and another seat's hold are answered through one, the old holder's drags through the other are refused, every time")
    func holdsAcrossInstances() async throws {
        try await withTwoInstances { one, two in
            let ann = try await one.newTable("Ann")
            let bob = try await one.join(ann.table, "Bob")
            let annThroughTwo = TestSeat(server: two, table: ann.table, number: ann.number, token: ann.token)
            #expect(try await ann.felt("split", "stack=deck&count=5&x=300&y=300").status == 200)
            var accepted: [Int] = []
            for round in 1...20 {
                // Ann holds and drags through two, which then knows she may without a read.
                #expect(try await annThroughTwo.felt("hold", "stack=s1").status == 200, "round \(round)")
                for _ in 1...2 {
                    let drag = try await annThroughTwo.felt("drag", "stack=s1&x=301&y=300")
                    #expect(drag.status == 200, "round \(round): \(drag.text)")
                }
                #expect(try await ann.felt("hold", "stack=s1&release=true").status == 200, "round \(round)")
                #expect(try await bob.felt("hold", "stack=s1").status == 200, "round \(round)")
                let late = try await annThroughTwo.felt("drag", "stack=s1&x=302&y=300")
                if late.status != 409 { accepted.append(round) }
                #expect(try await bob.felt("hold", "stack=s1&release=true").status == 200, "round \(round)")
            }
            #expect(accepted == [], "the old holder dragged a stack another seat held, in these rounds")
        }
    }

    @Test("a watch link: the public view live, read only, without the table's id or any hand; made anew, it shuts old watchers out; the creator alone turns it off")
    func watchLink() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            #expect(try await ann.felt("deal", "count=3").status == 200)
            let refused = try await bob.felt("watch")
            #expect(refused.status == 403 && refused.text.contains("only the seat that made it"), "\(refused.text)")
            let made = try await ann.felt("watch")
            let key = try #require((try made.decode(WatchLinkJSON.self)).watch?.key)
            #expect(!key.contains(ann.table))

            let view = try await server.get("/api/watch/\(key)/")
            #expect(view.status == 200, "\(view.text)")
            let watched = try view.jsonObject
            #expect(watched["table_id"] == nil && watched["hand"] == nil && watched["your_seat"] == nil && watched["watch"] == nil)
            #expect(!view.text.contains(ann.table), "the watcher learns the table's id")
            let stream = try await EventStreamReader(server.base + "/api/watch/\(key)/events")
            _ = try #require(await stream.next(named: "view"))
            #expect(try await bob.felt("split", "stack=deck&count=2&x=600&y=300").status == 200)
            _ = try #require(await stream.next(named: "change"))
            #expect(!stream.text.contains(ann.table), "the watcher's stream names the table")
            #expect(try await server.post("/api/table/\(ann.table)/felt/move/", "from=deck&count=1&to=new&x=1&y=1").status == 401, "watching gives no seat")

            // Made anew: the old stream ends and the old key shows nothing.
            let remade = try await ann.felt("watch")
            let newKey = try #require((try remade.decode(WatchLinkJSON.self)).watch?.key)
            #expect(newKey != key)
            #expect(await stream.waitUntilEnded(within: .seconds(60)), "the old watcher goes on watching")
            await stream.close()
            #expect(try await server.get("/api/watch/\(key)/").status == 404)
            #expect(try await server.get("/api/watch/\(newKey)/").status == 200)
            // Turned off: the link shows nothing.
            #expect(try await ann.felt("watch", "enabled=false").status == 200)
            let gone = try await server.get("/api/watch/\(newKey)/")
            #expect(gone.status == 404 && gone.text.contains("watch link"), "\(gone.text)")
        }
    }

    @Test("a shown hand: every seat and watcher sees it live as it changes, as codes in answers and events alike; hidden, nothing names its cards; bad input names the part")
    func shownHand() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann", "seats=3")
            let bob = try await server.join(ann.table, "Bob")
            #expect(try await ann.felt("deal", "count=3").status == 200)
            let key = try #require((try (try await ann.felt("watch")).decode(WatchLinkJSON.self)).watch?.key)
            let bobs = try await EventStreamReader(server.base + "/api/table/\(ann.table)/felt/events?token=\(bob.token)")
            let watcher = try await EventStreamReader(server.base + "/api/watch/\(key)/events")
            for stream in [bobs, watcher] { _ = try #require(await stream.next(named: "view")) }
            let annsCards = try #require(try (try await ann.felt("show", "shown=true")).tabletop.hand)
            #expect(annsCards.count == 3)

            // Answers and streams alike give the codes, in the hand's order.
            let answer = try await server.get("/api/table/\(ann.table)/felt/", headers: bob.bearer).jsonObject
            let seats = try #require(answer["seats"] as? [[String: Any]])
            #expect(seats[0]["shown_hand"] as? [String] == annsCards)
            #expect(seats[1]["shown_hand"] == nil, "Bob's hand is not shown")
            for stream in [bobs, watcher] {
                let change = try object(try #require(await stream.next(named: "change")))
                let shown = (change["seats"] as? [[String: Any]])?.first?["shown_hand"] as? [String]
                #expect(shown == annsCards)
            }

            // A card passed to Bob leaves the shown hand, live.
            #expect(try await ann.felt("move", "from=hand&cards=\(annsCards[0])&to=hand&seat=2").status == 200)
            let passed = try object(try #require(await watcher.next(named: "change")))
            #expect((passed["seats"] as? [[String: Any]])?.first?["shown_hand"] as? [String] == Array(annsCards.dropFirst()))

            // Showing again changes nothing: no version, no event. Hidden: private again.
            let before = try await ann.felt("show", "shown=true")
            let after = try await ann.felt("show", "shown=false")
            #expect(try after.tabletop.version == before.tabletop.version + 1)
            let hidden = try object(try #require(await watcher.next(named: "change")))
            let (shownVersion, hiddenVersion) = (try before.tabletop.version, try after.tabletop.version)
            #expect(hidden["from"] as? Int == shownVersion && hidden["version"] as? Int == hiddenVersion, "showing a shown hand made a change")
            #expect((hidden["seats"] as? [[String: Any]])?.allSatisfy { $0["shown_hand"] == nil } == true)
            let watched = try await server.get("/api/watch/\(key)/")
            for code in annsCards.dropFirst() { #expect(!watched.text.contains("\"\(code)\""), "the watcher still sees \(code)") }

            // Bad input: each names the part, and changes nothing.
            let missing = try await ann.felt("show")
            #expect(missing.status == 400 && missing.text.contains("shown"), "\(missing.text)")
            let wrong = try await ann.felt("show", "shown=perhaps")
            #expect(wrong.status == 400 && wrong.text.contains("perhaps"), "\(wrong.text)")
            #expect(try await server.post("/api/table/\(ann.table)/felt/show/", "shown=true").status == 401)
            #expect(try (try await ann.felt("show", "shown=false")).tabletop.version == (try after.tabletop.version))
            await bobs.close()
            await watcher.close()
        }
    }

    @Test("the felt: a colour, and a background image decoded and re-encoded without its metadata; refusals name the bad part; the creator alone sets them")
    func feltAndBackground() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            var answer = try await ann.felt("colour", "colour=%231E6B3A")
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.text.contains(##""colour":"#1e6b3a""##))
            answer = try await ann.felt("colour", "colour=green")
            #expect(answer.status == 400 && answer.text.contains("colour 'green' is not a colour"), "\(answer.text)")
            #expect(try await bob.felt("colour", "colour=%23000000").status == 403)

            let png = Self.pngWithText
            answer = try await upload(png, to: ann, type: "image/png")
            #expect(answer.status == 200, "\(answer.text)")
            let path = try #require(try answer.decode(FeltAnswer.self).felt.background)
            let image = try await server.get(path)
            #expect(image.status == 200 && image.headers.first(name: "content-type") == "image/png")
            #expect(Array(image.body.prefix(8)) == Array(png.prefix(8)), "not a PNG")
            #expect(!String(decoding: image.body, as: UTF8.self).contains("secret-comment"), "the metadata survived")
            #expect(!String(decoding: image.body, as: UTF8.self).contains("tEXt"))

            answer = try await upload(Array("not an image".utf8), to: ann, type: "image/png")
            #expect(answer.status == 400 && answer.text.contains("not a PNG or JPEG"), "\(answer.text)")
            answer = try await upload([UInt8](repeating: 0, count: 5 * 1024 * 1024), to: ann, type: "image/png")
            #expect(answer.status == 413, "\(answer.text)")
            #expect(try await upload(png, to: bob, type: "image/png").status == 403)
            // The image of before is still the table's: nothing half written.
            #expect(try await server.get(path).status == 200)

            answer = try await ann.felt("background", "remove=true")
            let removed = try answer.decode(FeltAnswer.self).felt.background
            #expect(answer.status == 200 && removed == nil, "\(answer.text)")
            #expect(try await server.get(path).status == 404)
            // A new upload never takes the path of an old one, which a browser may have kept.
            answer = try await upload(png, to: ann, type: "image/png")
            let again = try #require(try answer.decode(FeltAnswer.self).felt.background)
            #expect(again != path && again.hasSuffix("/background/2"), "\(again)")
        }
    }

    @Test("--upload-mb-per-day: an upload past what the address may still store today is 429 with Retry-After, before it is decoded; what is stored counts")
    func uploadBudget() async throws {
        try await withServer(arguments: ["--upload-mb-per-day", "1"]) { server in
            let ann = try await server.newTable("Ann")
            #expect(try await upload(Self.pngWithText, to: ann, type: "image/png").status == 200)
            // Past the budget by its size alone: refused before any decoding (it is no image).
            let large = [0x89, 0x50, 0x4e, 0x47] + [UInt8](repeating: 0, count: 1_100_000)
            let refused = try await upload(large, to: ann, type: "image/png")
            #expect(refused.status == 429, "\(refused.text)")
            #expect(refused.text.contains("1 MiB a day"), "\(refused.text)")
            let wait = try #require(refused.headers.first(name: "retry-after").flatMap(Int.init))
            #expect(wait > 0 && wait <= 86_400, "Retry-After \(wait)")
            #expect(try await upload(Self.pngWithText, to: ann, type: "image/png").status == 200, "a small one still fits")
        }
    }

    // MARK: Helpers

    private func object(_ event: EventStreamReader.Event) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any], "\(event.data)")
    }

    private func topHandle(_ seat: TestSeat, _ stack: String) async throws -> String {
        try #require(try await seat.tabletop().stack(stack)?.topHandle)
    }

    private func upload(_ bytes: [UInt8], to seat: TestSeat, type: String) async throws -> Answer {
        var request = HTTPClientRequest(url: seat.server.base + "/api/table/\(seat.table)/felt/background")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: type)
        for (name, value) in seat.bearer { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: bytes))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1024 * 1024)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Array(buffer: body))
    }

    /// A 2×2 PNG with a `tEXt` chunk saying `secret-comment`.
    static let pngWithText: [UInt8] = {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xff) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xffff_ffff
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
            }
            return ~crc
        }
        // Two rows of two grey pixels, filter 0 each, in a stored (uncompressed) deflate block.
        let raw: [UInt8] = [0, 128, 128, 0, 128, 128]
        var adler = (a: UInt32(1), b: UInt32(0))
        for byte in raw { adler.a = (adler.a + UInt32(byte)) % 65521; adler.b = (adler.b + adler.a) % 65521 }
        let deflate: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count), 0, ~UInt8(raw.count), 0xff] + raw + bigEndian(adler.b << 16 | adler.a)
        return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
            + chunk("IHDR", bigEndian(2) + bigEndian(2) + [8, 0, 0, 0, 0])
            + chunk("tEXt", Array("Comment".utf8) + [0] + Array("secret-comment".utf8))
            + chunk("IDAT", deflate)
            + chunk("IEND", [])
    }()
}

/// The felt of a free-form view.
private struct FeltAnswer: Decodable {
    struct Felt: Decodable {
        var colour: String?
        var background: String?
    }

    var felt: Felt
}
