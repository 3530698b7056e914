import DeckClient
import Foundation
import Testing

/// Tables through DeckClient against real deck-servers: every call with its parameters, and the
/// event sequence holding the same table as a `GET`, after every change, across instances and
/// across a dropped connection.
@Suite("Tables", .serialized, .timeLimit(.minutes(3)))
struct TableTests {
    static let klondike: String = {
        // Server/Tests/DeckClientTests/ → Server/Layouts/.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Layouts/klondike.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// A 4 × 4 PNG, green.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGOQy7aCIwbiOAA7Ywwx6Kg4CQAAAABJRU5ErkJggg==")!

    @Test(arguments: Store.allCases)
    func everyCall(_ store: Store) async throws {
        try await Deployment.with(store) { deployment in
            let ann = try await deployment.actions.newTable(name: "Ann", seats: 3, seed: String(repeating: "ab", count: 32))
            let bob = try await deployment.events.joinTable(ann.tableID, name: "Bob")
            #expect(ann.number == 1 && bob.number == 2 && bob.name == "Bob")
            var table = try await ann.table()
            #expect(table.seeded && table.stacks.map(\.id) == ["deck"] && table.stacks[0].cards.count == 52)

            table = try await ann.deal(3)
            #expect(table.hand?.count == 3 && table.seats.first { $0.number == 2 }?.handCount == 3)
            let mine = table.hand!
            table = try await ann.move(.hand([mine[0]]), to: .newStack(x: 300, y: 200), face: .up)
            let played = try #require(table.changed?.stacks?.first { $0 != "deck" })
            table = try await ann.move(.hand([mine[1]]), to: .stack(played, atBottom: true))
            table = try await ann.move(.top(2, of: "deck"), to: .hand(seat: 2))
            #expect(table.seats.first { $0.number == 2 }?.handCount == 5)
            table = try await ann.move(.top(1, of: "deck"), to: .stack(played), face: .down)
            let faceDown = try #require(TableView(table).stacks[played]?.cards.last)
            #expect(faceDown.code == nil)
            table = try await ann.flip(played, handle: faceDown.handle)
            table = try await ann.flip(played, card: mine[0])
            table = try await ann.flip(played)
            table = try await ann.arrange(played, x: 500, y: 300, layout: .right, step: 30, rotation: 90, label: "tricks", toFront: true)
            let arranged = try #require(table.stacks.first { $0.id == played })
            #expect(arranged.x == 500 && arranged.layout == .right && arranged.label == "tricks" && arranged.rotation.rawValue == 90)
            table = try await ann.shuffle("deck")
            table = try await ann.split("deck", count: 5, x: 700, y: 500)
            #expect(table.stacks.count == 3)
            table = try await ann.undo()
            #expect(table.stacks.count == 2)

            table = try await ann.hold(played)
            #expect(table.stacks.first { $0.id == played }?.heldBy == 1)
            try await ann.drag(played, x: 510, y: 310)
            let held = await #expect(throws: DeckClientError.self) { try await bob.flip(played) }
            #expect(held?.status == 409 && held?.message.contains("held by seat 1") == true, "\(String(describing: held))")
            table = try await ann.hold(played, release: true)
            #expect(table.stacks.first { $0.id == played }?.heldBy == nil)

            table = try await bob.peek("deck")
            #expect(table.peeked?.count == 52 - 3 * 2 - 2 - 1 && table.peeked?.allSatisfy { $0.code != nil } == true)

            let stale = table.version - 1
            let conflict = await #expect(throws: DeckClientError.self) { try await bob.shuffle("deck", expecting: .version(stale)) }
            #expect(conflict?.status == 409 && conflict?.table?.version == table.version, "\(String(describing: conflict))")
            let deckVersion = try #require(table.stacks.first { $0.id == "deck" }?.version)
            _ = try await bob.shuffle("deck", expecting: Expectation(version: table.version, stacks: ["deck": deckVersion]))

            let tilted = await #expect(throws: DeckClientError.self) { try await ann.arrange(played, rotation: 45) }
            #expect(tilted?.message == "rotation 45 is not allowed: give 0 or 90")
            let bad = await #expect(throws: DeckClientError.self) { try await ann.move(.top(1, of: "s99"), to: .hand(seat: 1)) }
            #expect(bad.map { (400..<500).contains($0.status) && $0.message.contains("s99") } == true, "\(String(describing: bad))")
            let notCreator = await #expect(throws: DeckClientError.self) { try await bob.setFeltColour("#112233") }
            #expect(notCreator?.status == 403, "\(String(describing: notCreator))")

            table = try await ann.setFeltColour("#1e6b3a")
            #expect(table.felt.colour == "#1e6b3a")
            table = try await ann.setFeltBackground(Self.png)
            #expect(table.felt.background?.contains("/background/") == true)
            table = try await ann.removeFeltBackground()
            #expect(table.felt.background == nil)
            let link = try #require(try await ann.makeWatchLink())
            let watched = try await deployment.events.watchedTable(key: link.key)
            let current = try await ann.table().version
            #expect(watched.tableId == nil && watched.version == current)
            #expect(try await ann.makeWatchLink(enabled: false) == nil)
            let layout = try await ann.exportLayout()
            #expect(layout.stacks.count == table.stacks.count)
            let anyone = try await deployment.events.table(ann.tableID)
            let latest = try await ann.table().version
            #expect(anyone.hand == nil && anyone.yourSeat == nil && anyone.version == latest)

            table = try await ann.gather()
            #expect(table.stacks.count == 1 && table.stacks[0].cards.count == 52 && table.hand?.isEmpty == true && !table.seeded)
            try await bob.leave()
            let gone = await #expect(throws: DeckClientError.self) { try await bob.table().yourSeat.map { _ in () } ?? { throw DeckClientError(status: 0, message: "no seat") }() }
            #expect(gone?.status == 401, "a token is void after leave: \(String(describing: gone))")
        }
    }

    /// Reads events until the view reaches `version`, skipping holds, drags and peeks; with
    /// `changesOnly`, a whole view on the way is an issue (the deltas must carry the table).
    static func view(at version: Int, from events: inout TableEvents.Iterator, changesOnly: Bool = false) async throws -> TableView {
        while let event = try await events.next() {
            switch event {
            case .view(let table):
                if changesOnly { Issue.record("a whole view came at version \(table.version) where changes were expected") }
                if table.version >= version { return table }
            case .change(let table, _, _):
                if table.version >= version { return table }
            case .hold, .drag, .peek:
                continue
            }
        }
        throw DeckClientError(status: 0, message: "the events ended before version \(version)")
    }

    @Test(arguments: Store.allCases)
    func eventsHoldWhatAGetAnswers(_ store: Store) async throws {
        try await Deployment.with(store) { deployment in
            let ann = try await deployment.actions.newTable(name: "Ann", layout: Self.klondike)
            let bob = try await deployment.events.joinTable(ann.tableID, name: "Bob")
            var events = bob.events().makeAsyncIterator()
            var seen = try await Self.view(at: 0, from: &events)
            #expect(seen == TableView(try await bob.table()))
            let link = try #require(try await ann.makeWatchLink())
            var watching = deployment.events.watch(key: link.key).makeAsyncIterator()
            var watched = try await Self.view(at: 0, from: &watching)
            #expect(watched == TableView(try await deployment.events.watchedTable(key: link.key)))

            // A game's worth of changes, each compared with a GET by the same viewer.
            let steps: [@Sendable () async throws -> Tabletop] = [
                { try await ann.move(.top(1, of: "deck"), to: .newStack(x: 170, y: 40), face: .up) },
                { try await ann.flip("s1") },
                { try await ann.undo() },
                { try await ann.deal(2) },
                { try await ann.showHand() },
                { try await ann.move(.hand([try await ann.table().hand![0]]), to: .stack("s2"), face: .up) },
                { try await bob.move(.top(1, of: "deck"), to: .hand(seat: 2)) },
                { try await ann.arrange("s3", x: 400, y: 420, layout: .down, step: 20) },
                { try await ann.split("deck", count: 4, x: 800, y: 40) },
                { try await ann.shuffle("deck") },
                { try await ann.setFeltColour("#204060") },
                { try await ann.gather() },
            ]
            for (index, step) in steps.enumerated() {
                let answer = try await step()
                seen = try await Self.view(at: answer.version, from: &events, changesOnly: true)
                #expect(seen.version == answer.version, "step \(index)")
                #expect(seen == TableView(try await bob.table()), "step \(index): Bob's events")
                watched = try await Self.view(at: answer.version, from: &watching, changesOnly: true)
                #expect(watched == TableView(try await deployment.events.watchedTable(key: link.key)), "step \(index): the watcher's events")
            }
            #expect(seen.hand.isEmpty && seen.stacks.count == 1)
            // Ann's hand is still shown, empty now; hidden, it is nil for Bob and the watcher.
            #expect(seen.seats[0].shownHand == [] && watched.seats[0].shownHand == [])
            let hidden = try await ann.showHand(false)
            seen = try await Self.view(at: hidden.version, from: &events, changesOnly: true)
            watched = try await Self.view(at: hidden.version, from: &watching, changesOnly: true)
            #expect(seen.seats[0].shownHand == nil && watched.seats[0].shownHand == nil)

            // Holds, drags and peeks arrive as their own events.
            _ = try await ann.hold("deck")
            try await ann.drag("deck", x: 60, y: 60)
            _ = try await ann.hold("deck", release: true)
            _ = try await ann.peek("deck")
            var kinds: [String] = []
            while kinds.count < 4, let event = try await events.next() {
                switch event {
                case .hold(let stack, let seat, let until): kinds.append(until == nil ? "release \(stack) \(seat)" : "hold \(stack) \(seat)")
                case .drag(let stack, let seat, let x, _, _): kinds.append("drag \(stack) \(seat) \(Int(x))")
                case .peek(let stack, let seat): kinds.append("peek \(stack) \(seat)")
                case .view, .change: continue
                }
            }
            #expect(kinds == ["hold deck 1", "drag deck 1 60", "release deck 1", "peek deck 1"])
        }
    }

    @Test(arguments: Store.allCases)
    func eventsReconnectInTheMiddleOfAGame(_ store: Store) async throws {
        try await Deployment.with(store) { deployment in
            let ann = try await deployment.actions.newTable(name: "Ann", layout: Self.klondike)
            let bob = try await deployment.events.joinTable(ann.tableID, name: "Bob")
            var events = bob.events().makeAsyncIterator()
            _ = try await Self.view(at: 0, from: &events)
            let before = try await ann.deal(3)
            _ = try await Self.view(at: before.version, from: &events)

            // The instance Bob's stream reads from stops and starts again on the same port: his
            // connection drops, and the sequence opens another with Last-Event-ID.
            try await deployment.restartEventsInstance()
            let after = try await ann.move(.top(1, of: "deck"), to: .newStack(x: 600, y: 500), face: .up)
            let seen = try await Self.view(at: after.version, from: &events)
            #expect(seen.version == after.version)
            #expect(seen == TableView(try await bob.table()))
            #expect(seen.hand.count == 3)
        }
    }
}
