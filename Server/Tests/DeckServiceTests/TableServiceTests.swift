import DeckService
import DeckTestSupport
import Foundation
import PlayingCards
import PropertyBased
import Synchronization
import Testing
import DeckStoreSupport

@Suite("Card tables in the application layer")
struct TableServiceTests {
    /// Random actions by number: draws, deals, plays, takes, shuffles, leaves and joins.
    static let steps = Gen.int(in: 0...1_000_000).array(of: 0...50)

    @Test("any sequence of actions keeps every card in exactly one place, and each hand seen only by its seat")
    func actionsKeepTheShoeWhole() async {
        let counts = ActionCounts()
        await propertyCheck(count: 40, input: Self.steps, Gen.int(in: 1...2)) { steps, decks in
            // A case computes for tens of milliseconds without a suspension: yielding first lets the
            // suite's other tests (two threads run them all) go on between cases.
            await Task.yield()
            let service = DeckService(store: InMemoryRecordStore())
            var request = NewTableRequest(name: "Ann")
            request.seats = 3
            request.deckCount = decks
            guard let ann = try? await service.newTable(request) else { Issue.record("no table"); return }
            let id = ann.table.id
            var tokens: [String?] = [ann.token, nil, nil]
            var version = ann.table.version
            for step in steps {
                let seat = step % 3
                guard let token = tokens[seat] else {
                    if let ticket = try? await service.joinTable(id, name: "P\(seat)") {
                        tokens[ticket.seat - 1] = ticket.token
                        #expect(ticket.table.version == version + 1, "a join is a change too")
                        version = ticket.table.version
                    }
                    continue
                }
                let hand = (try? await service.table(id, token: token).hand) ?? []
                let pile = step % 2 == 0 ? DeckService.centerPile : "discard"
                var changed: TableView?
                switch step / 3 % 7 {
                case 0, 1: changed = try? await service.drawAtTable(id, token: token, count: step % 4)
                case 2: changed = try? await service.dealAtTable(id, token: token, count: step % 3)
                case 3:
                    guard !hand.isEmpty else { continue }
                    changed = try? await service.playAtTable(id, token: token, cards: [hand[step % hand.count]], pile: pile)
                case 4: changed = try? await service.takeFromTablePile(id, token: token, pile: pile, .count(step % 2))
                case 5: changed = step % 5 == 0 ? try? await service.shuffleTable(id, token: token) : nil
                default:
                    if step % 4 == 0, let view = try? await service.leaveTable(id, token: token) {
                        changed = view
                        tokens[seat] = nil
                    }
                }
                counts.tried()
                if let changed {
                    counts.applied()
                    #expect(changed.version == version + 1, "every change raises the version by one")
                    version = changed.version
                }
                guard let anyone = try? await service.table(id, token: nil) else { Issue.record("table lost"); return }
                #expect(anyone.hand == nil && anyone.viewerSeat == nil)
                var everywhere = anyone.piles.flatMap(\.cards)
                for (index, token) in tokens.enumerated() {
                    guard let token, let view = try? await service.table(id, token: token) else { continue }
                    #expect(view.viewerSeat == index + 1)
                    #expect(view.hand?.count == anyone.seats[index].handCount)
                    everywhere += view.hand ?? []
                }
                let free = anyone.seats.enumerated().filter { tokens[$0.offset] == nil }
                #expect(free.allSatisfy { $0.element.handCount == 0 && $0.element.name == nil }, "a free seat holds nothing")
                #expect(anyone.remaining + everywhere.count == decks * 52)
                let copies = Dictionary(everywhere.map { ($0, 1) }, uniquingKeysWith: +)
                #expect(copies.values.allSatisfy { $0 <= decks }, "a card is in two places at once")
            }
        }
        // A check where the actions are mostly refused tests little. One sequence may be
        // refused throughout (every action a draw of none, say); over the whole check, many apply.
        let (tried, applied) = counts.totals
        #expect(applied * 4 >= tried, "only \(applied) of \(tried) actions applied")
    }

    /// Counts the actions a property check tried and those that changed the table, across its
    /// inputs.
    final class ActionCounts: Sendable {
        private let counts = Mutex((tried: 0, applied: 0))

        func tried() { counts.withLock { $0.tried += 1 } }
        func applied() { counts.withLock { $0.applied += 1 } }
        var totals: (tried: Int, applied: Int) { counts.withLock { $0 } }
    }

    @Test("a seed deals the same table twice; tokens differ and open only their own seat")
    func seedsAndTokens() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        var request = NewTableRequest(name: "Ann")
        request.seed = ShuffleSeed(2026)
        let first = try await service.newTable(request)
        let second = try await service.newTable(request)
        let one = try await service.drawAtTable(first.table.id, token: first.token, count: 5)
        let two = try await service.drawAtTable(second.table.id, token: second.token, count: 5)
        #expect(one.hand == two.hand)
        #expect(one.seeded, "a seeded table says so")
        let reshuffled = try await service.shuffleTable(first.table.id, token: first.token)
        #expect(!reshuffled.seeded, "until a secure shuffle")
        #expect(first.token != second.token)
        await #expect(throws: ServiceError.self) { try await service.table(first.table.id, token: second.token) }
        let refusal = await #expect(throws: ServiceError.self) { try await service.drawAtTable(first.table.id, token: "x", count: 1) }
        #expect(refusal?.kind == .unauthorized && refusal?.subject == .token)
    }

    @Test("a stream keeps only the newest view, skips older ones, keeps a quiet one alive, and ends once")
    func streamMailbox() async throws {
        let clock = ManualClock()
        let service = DeckService(
            store: InMemoryRecordStore(), streams: .init(keepAliveInterval: .seconds(15)), streamClock: EventClock(clock))
        let hub = service.events
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let id = ann.table.id
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await hub.run() }
            let stream = try await hub.subscribe(table: id, token: ann.token)
            guard let first = await Self.view(stream.next(), of: stream) else { Issue.record("no first view"); return }
            #expect(first.version == 1 && first.hand == [])
            for _ in 0..<10 { _ = try await service.drawAtTable(id, token: ann.token, count: 1) }
            // Unread views do not pile up: what comes next is newer than before, and the views
            // only go forward until the newest.
            var versions: [Int] = []
            while versions.last != 11 {
                guard let view = await Self.view(stream.next(), of: stream) else { Issue.record("the stream ended"); return }
                #expect(view.hand?.count == view.version - 1)
                versions.append(view.version)
            }
            #expect(versions == versions.sorted() && Set(versions).count == versions.count)
            #expect(versions.count <= 10)
            // Quiet for the keep-alive interval: a keep-alive, not a view. The ticker ticks
            // each second; the stream's last view went at the clock's start.
            await clock.waitForSleepers()
            clock.advance(by: .seconds(15))
            await clock.waitForSleepers()
            #expect(stream.poll().map { _ in true } == nil, "a keep-alive once quiet for over 15 s, not sooner")
            clock.advance(by: .seconds(1))
            guard case .quiet = await stream.next() else { Issue.record("no keep-alive"); return }

            let second = try await hub.subscribe(table: id, token: nil)
            guard let anyone = await Self.view(second.next(), of: second) else { Issue.record("no view"); return }
            #expect(anyone.hand == nil && anyone.seats[0].handCount == 10)
            second.close()
            second.close()
            guard case .closed = await second.next() else { Issue.record("a closed stream goes on"); return }
            #expect(hub.openStreams == 1, "a stream closed twice is counted once")
            let third = try await hub.subscribe(table: id, token: nil)
            #expect(hub.openStreams == 2)

            // The seat left: its stream goes on showing what anyone sees, never the hand.
            _ = try await service.leaveTable(id, token: ann.token)
            while true {
                let event = await stream.next()
                if case .closed = event { Issue.record("the stream ended"); break }
                guard let view = Self.view(event, of: stream) else { continue }
                if view.version == 12 {
                    #expect(view.hand == nil && view.viewerSeat == nil)
                    break
                }
            }
            group.cancelAll()
            _ = third
        }
        #expect(hub.openStreams == 0, "stopping the hub closes every stream")
    }

    /// The fixed-layout view an event carries for its stream's viewer; `nil` for another event.
    static func view(_ event: TableEventStream.Event, of stream: TableEventStream) -> TableView? {
        switch event {
        case .view(let snapshot), .change(let snapshot): snapshot.tableView(for: stream.viewer(in: snapshot))
        default: nil
        }
    }

    @Test("a pile name with control or formatting characters is refused: no pile passes for another")
    func pileNamesThatPassForOthers() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let hand = try await service.drawAtTable(ann.table.id, token: ann.token, count: 2).hand ?? []
        for name in ["center\u{200B}", "Cen\u{202E}retn", "\u{0007}center"] {
            let refusal = await #expect(throws: ServiceError.self) {
                try await service.playAtTable(ann.table.id, token: ann.token, cards: [hand[0]], pile: name)
            }
            #expect(refusal?.subject == .pileName && refusal?.kind == .badRequest, "\(name.unicodeScalars.map(\.value))")
        }
        let played = try await service.playAtTable(ann.table.id, token: ann.token, cards: [hand[0]], pile: "center")
        #expect(played.piles.map(\.name) == ["center"] && played.piles[0].cards == [hand[0]])
    }
}
