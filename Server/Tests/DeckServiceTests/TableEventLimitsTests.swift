@testable import DeckService
import DeckStoreSupport
import Foundation
import PlayingCards
import Testing

@Suite("Table event streams: the per-client limit and the tally")
struct TableEventLimitsTests {
    @Test("a client holds at most maxStreamsPerClient streams (tooMany past it); its place comes back when a stream closes or fails to open")
    func perClientLimit() async throws {
        let service = DeckService(store: InMemoryRecordStore(), streams: .init(maxStreams: 10, maxStreamsPerClient: 2))
        let hub = service.events
        let ann = try await service.newTable(NewTableRequest(name: "Ann"))
        let id = ann.table.id
        let first = try await hub.subscribe(table: id, token: nil, client: "203.0.113.9")
        let second = try await hub.subscribe(table: id, token: ann.token, client: "203.0.113.9")
        let refused = await #expect(throws: ServiceError.self) { try await hub.subscribe(table: id, token: nil, client: "203.0.113.9") }
        #expect(refused?.kind == .tooMany && refused?.subject == .eventStreams)
        #expect(refused?.description.contains("limit of 2 open at once") == true, "\(String(describing: refused))")
        #expect(hub.openStreams == 2 && hub.openStreams(of: "203.0.113.9") == 2, "a refusal takes no place")

        // Another client, and streams counted for no client, are not refused.
        let other = try await hub.subscribe(table: id, token: nil, client: "198.51.100.7")
        let uncounted = try await hub.subscribe(table: id, token: nil)
        #expect(hub.openStreams == 4)

        // A stream that fails to open (a token that holds no seat) gives its place back.
        second.close()
        await #expect(throws: ServiceError.self) { try await hub.subscribe(table: id, token: "wrong", client: "203.0.113.9") }
        #expect(hub.openStreams(of: "203.0.113.9") == 1)
        first.close()
        first.close()
        #expect(hub.openStreams(of: "203.0.113.9") == 0, "a stream closed twice is given back once")
        #expect(hub.openStreams == 2)
        other.close()
        uncounted.close()
        #expect(hub.openStreams == 0 && hub.openStreams(of: "198.51.100.7") == 0)
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
