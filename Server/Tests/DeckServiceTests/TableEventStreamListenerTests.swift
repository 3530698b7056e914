@testable import DeckService
import DeckTestSupport
import Foundation
import PlayingCards
import Synchronization
import Testing

/// A stream read without a task: its listener is told once that something is ready, and again
/// only after a poll found nothing; a close is told too.
@Suite("Table event streams read by polling")
struct TableEventStreamListenerTests {
    final class Calls: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    static func snapshot(_ version: Int) -> TableSnapshot {
        var table = Tabletop(deck: PlayingCard.standardDeck, seats: 2, seeded: false)
        table.version = version
        return TableSnapshot(id: "t", table: table, previous: nil, time: Date())
    }

    @Test("what was posted before the listener came is told at once; then once until a poll finds nothing")
    func toldOnce() {
        let clock = ManualClock()
        let stream = TableEventStream(table: "t", seat: nil, wantsSignals: true, clock: EventClock(clock)) { _ in }
        let calls = Calls()
        stream.post(Self.snapshot(1))
        stream.whenReady { calls.add() }
        #expect(calls.value == 1)
        stream.post(Self.snapshot(2))
        stream.post(.held(stack: "s1", seat: 1, until: Date()))
        #expect(calls.value == 1, "not told again before a poll")
        guard case .view(let snapshot) = stream.poll() else { Issue.record("no view"); return }
        #expect(snapshot.version == 2, "only the newest snapshot is kept")
        guard case .signals(let signals) = stream.poll() else { Issue.record("no signals"); return }
        #expect(signals.count == 1)
        #expect(stream.poll().map { _ in true } == nil, "nothing more")
        #expect(calls.value == 1)
        clock.advance(by: .seconds(2))
        stream.keepAlive(ifQuietSince: EventClock.Instant(offset: .seconds(1)))
        #expect(calls.value == 2, "told again once a poll found nothing")
        guard case .quiet = stream.poll() else { Issue.record("no keep-alive"); return }
    }

    @Test("a close is told, and polls give closed from then on; the table's events forget the stream")
    func closeTold() {
        let forgotten = Calls()
        let stream = TableEventStream(table: "t", seat: nil, wantsSignals: false) { _ in forgotten.add() }
        let calls = Calls()
        stream.whenReady { calls.add() }
        #expect(calls.value == 0, "nothing ready")
        stream.close()
        #expect(calls.value == 1)
        for _ in 0..<2 { guard case .closed = stream.poll() else { Issue.record("not closed"); return } }
        stream.post(Self.snapshot(3))
        #expect(calls.value == 1 && forgotten.value == 1)
    }
}
