@testable import DeckServerHTTP
import DeckTestSupport
import Foundation
import Testing

/// The free-form table's API against the built server, on SQLite and PostgreSQL.
@Suite("Free-form tables")
struct TabletopAPITests {
    @Test("every action through the API: move face down to a point, flip, arrange, split, shuffle, deal, pass, undo, gather", arguments: TestStore.allCases)
    func everyAction(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann", "seats=3")
            let bob = try await server.join(ann.table, "Bob")
            var view = try await ann.tabletop()
            #expect(view.stacks.map(\.id) == ["deck"] && view.stacks[0].cards.count == 52 && view.stacks[0].cards.allSatisfy { $0 == nil })
            #expect(view.tableID == ann.table && view.yourSeat == 1, "a player's view names its table and seat")

            // Split five to a point; spread them; flip the whole stack face up; turn it.
            var answer = try await ann.felt("split", "stack=deck&count=5&x=400&y=300")
            #expect(answer.status == 200, "\(answer.text)")
            view = try answer.tabletop
            let five = try #require(view.stack("s1"))
            #expect((five.x, five.y, five.cards.count) == (400, 300, 5) && view.changed?.stacks.sorted() == ["deck", "s1"])
            answer = try await ann.felt("arrange", "stack=s1&layout=right&step=30&rotation=90&label=meld&to_front=true")
            #expect(answer.status == 200, "\(answer.text)")
            let arranged = try #require(try answer.tabletop.stack("s1"))
            #expect(arranged.layout == "right" && arranged.step == 30 && arranged.rotation == 90 && arranged.label == "meld")
            answer = try await ann.felt("flip", "stack=s1")
            let faces = try answer.tabletop.stack("s1")?.cards.compactMap { $0 } ?? []
            #expect(faces.count == 5)

            // Deal two each from the deck, then Ann moves a hand card face down to a new stack,
            // JSON body this time.
            answer = try await ann.felt("deal", "count=2")
            let annHand = try answer.tabletop.hand ?? []
            #expect(annHand.count == 2)
            answer = try await server.post(
                "/api/table/\(ann.table)/felt/move/", #"{"from": "hand", "cards": ["\#(annHand[0])"], "to": "new", "x": 700, "y": 500, "face": "down"}"#,
                headers: ann.bearer + [("Content-Type", "application/json")])
            #expect(answer.status == 200, "\(answer.text)")
            let hidden = try #require(try answer.tabletop.stacks.last)
            #expect(hidden.cards.count == 1 && hidden.cards[0] == nil)
            // Bob never sees it: not in his view, not in the stream of his answers.
            let bobsText = try await server.get("/api/table/\(ann.table)/felt/", headers: bob.bearer).text
            #expect(!bobsText.contains("\"\(annHand[0])\""), "Bob sees Ann's face-down card")
            // Ann peeks at it; Bob cannot peek at a hand, and nothing tells him its face.
            answer = try await ann.felt("peek", "stack=\(hidden.id)")
            #expect(try answer.tabletop.peeked?.map(\.face?.code) == [annHand[0]])

            // Pass a card to Bob, then undo it.
            answer = try await ann.felt("move", "from=hand&cards=\(annHand[1])&to=hand&seat=2")
            let bobsCount = try answer.tabletop.seats[1].handCount
            #expect(answer.status == 200 && bobsCount == 3, "\(answer.text)")
            answer = try await ann.felt("undo")
            #expect(answer.status == 200, "\(answer.text)")
            let undone = try answer.tabletop
            #expect(undone.hand == [annHand[1]] && undone.seats[1].handCount == 2)

            // Shuffle a stack, and gather everything back face down.
            #expect(try await bob.felt("shuffle", "stack=s1").status == 200)
            answer = try await bob.felt("gather")
            view = try answer.tabletop
            #expect(view.stacks.count == 1 && view.stacks[0].cards.count == 52 && view.seats.allSatisfy { $0.handCount == 0 })
        }
    }

    @Test("refusals: 4xx naming the bad part, 409 with the current view for a race lost or a stale version, nothing changed", arguments: TestStore.allCases)
    func refusals(_ store: TestStore) async throws {
        try await withServer(store) { server in
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            let version = try await ann.tabletop().version
            let cases: [(String, String, Int, String)] = [
                ("shuffle", "stack=s9", 404, "stack 's9'"),
                ("split", "stack=deck&count=1&x=1200&y=5", 400, "position"),
                ("split", "stack=deck&count=1&x=nan&y=5", 400, "position"),
                ("split", "stack=deck&count=1&x=7%00junk&y=5", 400, "is not a number"),
                ("arrange", "stack=deck&layout=right&step=inf", 400, "layout"),
                ("arrange", "stack=deck&rotation=45", 400, "rotation"),
                ("move", "from=deck&handles=zz&to=hand&seat=1", 400, "handle"),
                ("move", "from=deck&cards=AS&to=hand&seat=1", 409, "not face up"),
                ("move", "from=hand&cards=AS&to=new&x=1&y=1", 409, "not in your hand"),
                ("undo", "", 409, "nothing to take back"),
                ("peek", "stack=hand", 404, "stack 'hand'"),
                ("shuffle", "stack=deck&expected_version=\(version - 1)", 409, "expected_version \(version - 1) is not the table's"),
                ("move", "from=deck&count=1", 400, "to"),
                ("move", "from=deck&count=1&to=hand&seat=-9223372036854775808", 404, "seat"),
                ("flip", "stack=deck&handles=a,b", 400, "at most one card"),
                ("flip", "stack=deck&handle=", 400, "handle is empty"),
            ]
            for (action, form, status, words) in cases {
                let answer = try await ann.felt(action, form)
                #expect(answer.status == status, "\(action)?\(form): \(answer.status) \(answer.text)")
                #expect(answer.text.contains(words), "\(action)?\(form): \(answer.text)")
                if status == 409 {
                    let conflict = try answer.decode(TabletopConflictAnswer.self)
                    #expect(conflict.table?.version == version, "a 409 carries the current view")
                }
            }
            #expect(try await ann.tabletop().version == version, "a refusal changed the table")
            let nullStack = try await server.post(
                "/api/table/\(ann.table)/felt/shuffle/", #"{"stack": null}"#, headers: ann.bearer + [("Content-Type", "application/json")])
            #expect(nullStack.status == 400 && nullStack.text.contains("member 'stack' is null"), "\(nullStack.text)")
            #expect(try await server.post("/api/table/\(ann.table)/felt/gather/").status == 401)

            // The race: Ann and Bob grab the deck's top card by its handle at once.
            let handle = try #require(try await ann.tabletop().stack("deck")?.topHandle)
            async let first = ann.felt("move", "from=deck&handles=\(handle)&to=hand&seat=1")
            async let second = bob.felt("move", "from=deck&handles=\(handle)&to=hand&seat=2")
            let statuses = [try await first.status, try await second.status].sorted()
            #expect(statuses == [200, 409], "\(statuses)")
        }
    }

    @Test("a hold keeps the other seat off a stack until it is released; new tables' handles are random")
    func holds() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann", "seats=2")
            let bob = try await server.join(ann.table, "Bob")
            // Handles are drawn at random from the start: two new tables share none.
            let other = try await server.newTable("Cy", "seats=2")
            let handles = Set(try await ann.tabletop().stacks[0].cardHandles)
            #expect(handles.isDisjoint(with: try await other.tabletop().stacks[0].cardHandles))
            let held = try await bob.felt("hold", "stack=deck")
            let holder = try held.tabletop.stack("deck")?.heldBy
            #expect(held.status == 200 && holder == 2, "\(held.text)")
            let refused = try await ann.felt("shuffle", "stack=deck")
            #expect(refused.status == 409 && refused.text.contains("held by seat 2"), "\(refused.text)")
            #expect(try await bob.felt("hold", "stack=deck&release=true").status == 200)
            #expect(try await ann.felt("shuffle", "stack=deck").status == 200)
        }
    }

    @Test(
        "two seats grab the same face-down card 200 times, on SQLite and through two PostgreSQL instances: one winner each time, the loser a 409, the card in one hand",
        arguments: [false, true])
    func grabRace(acrossInstances: Bool) async throws {
        let database = acrossInstances ? try await PostgresCluster.shared.createDatabase() : nil
        async let startFirst = ServerProcess(database: database)
        async let startSecond = acrossInstances ? ServerProcess(database: database) : nil
        let (first, second) = try await (startFirst, startSecond)
        try await withCleanup {
            let one = TestServer(process: first)
            let ann = try await one.newTable("Ann", "seats=2&deck_count=8")
            let bob = try await (second.map(TestServer.init(process:)) ?? one).join(ann.table, "Bob")
            for round in 1...200 {
                let top = try #require(try await ann.tabletop().stack("deck")?.topHandle)
                async let annGrab = ann.felt("move", "from=deck&handles=\(top)&to=hand&seat=1")
                async let bobGrab = bob.felt("move", "from=deck&handles=\(top)&to=hand&seat=2")
                let statuses = try await [annGrab.status, bobGrab.status]
                #expect(statuses.sorted() == [200, 409], "round \(round): \(statuses)")
                let view = try await ann.tabletop()
                #expect(view.seats.map(\.handCount).reduce(0, +) == round && view.stack("deck")?.cards.count == 416 - round, "round \(round)")
            }
        } cleanup: {
            await first.stop()
            await second?.stop()
        }
    }
}
