@testable import DeckService
import DeckStoreSupport
import Foundation
import PlayingCards
import Synchronization
import Testing

@Suite("Table event streams: their close and the tally")
struct TableEventCloseAndTallyTests {
    @Test("what waits on a stream's close runs once, whoever closes it (its consumer, or the hub as it stops), and at once for a stream already closed; the hub counts its open streams")
    func whenClosed() async throws {
        let service = DeckService(store: InMemoryRecordStore())
        let hub = service.events
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let closes = Mutex<[String]>([])
        let byConsumer = try await hub.subscribe(table: ann.table.id, token: nil)
        byConsumer.whenClosed { closes.withLock { $0.append("consumer") } }
        let byHub = try await hub.subscribe(table: ann.table.id, token: ann.token)
        byHub.whenClosed { closes.withLock { $0.append("hub") } }
        #expect(hub.openStreams == 2)

        byConsumer.close()
        byConsumer.close()
        #expect(closes.withLock { $0 } == ["consumer"], "a stream closed twice ends once")
        byConsumer.whenClosed { closes.withLock { $0.append("late") } }
        #expect(closes.withLock { $0 } == ["consumer", "late"], "a stream already closed runs what waits on it at once")
        #expect(hub.openStreams == 1)

        // The hub, as it stops, closes the rest, and refuses new streams.
        let running = Task { await hub.run() }
        running.cancel()
        await running.value
        #expect(closes.withLock { $0 } == ["consumer", "late", "hub"])
        #expect(hub.openStreams == 0)
        let refused = await #expect(throws: ServiceError.self) { try await hub.subscribe(table: ann.table.id, token: nil) }
        #expect(refused?.kind == .unavailable && refused?.subject == .eventStreams)
    }

    @Test("a snapshot or signal replaced before it was taken counts as dropped; a signal of another kind or stack does not")
    func tally() async throws {
        let tally = TableEventTally()
        let stream = TableEventStream(table: "t", seat: nil, wantsSignals: true, tally: tally) { _ in }
        var table = Tabletop(deck: PlayingCard.standardDeck, seats: 2, seeded: false)
        for version in 1...3 {
            table.version = version
            stream.post(TableSnapshot(id: "t", table: table, previous: nil, time: Date()))
        }
        #expect(tally.dropped == 2, "versions 1 and 2 were replaced unsent")
        guard case .view(let snapshot) = await stream.next() else { Issue.record("no view"); return }
        #expect(snapshot.version == 3)

        stream.post(.held(stack: "s1", seat: 1, until: Date()))
        stream.post(.held(stack: "s1", seat: 1, until: nil))
        stream.post(.dragged(stack: "s1", seat: 1, x: 1, y: 2))
        stream.post(.held(stack: "s2", seat: 1, until: nil))
        #expect(tally.dropped == 3, "the hold of s1 replaced by its release")
        guard case .signals(let signals) = await stream.next() else { Issue.record("no signals"); return }
        #expect(signals.count == 3)
        stream.sent(1 + signals.count)
        #expect(tally.sent == 4)
        stream.close()
    }
}
