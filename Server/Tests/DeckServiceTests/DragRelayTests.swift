@testable import DeckService
import DeckTestSupport
import Foundation
import Synchronization
import Testing

/// The drag relay on a clock the test moves: a drag that must wait goes out when its seat's
/// interval is over, the newest in place of the older, and a discarded one never goes.
@Suite("Drag relay")
struct DragRelayTests {
    /// A feed that keeps what it is sent, and says when something comes.
    final class SentSignals: TableChangeFeed {
        private let sent = Mutex<[TableSignal]>([])
        let arrivals: AsyncStream<Void>
        private let arrival: AsyncStream<Void>.Continuation

        init() { (arrivals, arrival) = AsyncStream.makeStream() }

        var signals: [TableSignal] { sent.withLock { $0 } }

        func announce(table id: String, version: Int, record: [UInt8]?) async {}
        func send(_ signal: TableSignal, table id: String) async {
            sent.withLock { $0.append(signal) }
            arrival.yield()
        }
        func deliver(_ signal: TableSignal, table id: String) async { await send(signal, table: id) }
        func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {}
    }

    private func drag(_ x: Double) -> TableSignal { .dragged(stack: "s1", seat: 1, x: x, y: 0) }

    /// Runs `body` with a relay (100 ms between a seat's drags) running on a clock the test
    /// moves, and the feed it sends to.
    private func withRelay(_ body: (DragRelay, ManualClock, SentSignals) async -> Void) async {
        let clock = ManualClock()
        let feed = SentSignals()
        let relay = DragRelay(feed: feed, interval: .milliseconds(100), clock: EventClock(clock), now: { Date() })
        await withDiscardingTaskGroup { group in
            group.addTask { await relay.run() }
            await body(relay, clock, feed)
            group.cancelAll()
        }
    }

    /// Moves `clock` on to `offset` 10 ms at a time, each once the relay sleeps again (it sleeps
    /// at most 10 ms at a time, in case a sooner drag comes).
    private func advance(_ clock: ManualClock, to offset: Duration) async {
        while clock.now.offset < offset {
            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(10))
        }
    }

    @Test("the first drag goes at once; the newest of those that came within the interval goes when it is over, and no sooner")
    func waitingDragGoesOnTime() async {
        await withRelay { relay, clock, feed in
            var arrivals = feed.arrivals.makeAsyncIterator()
            await relay.send(drag(1), table: "t")
            #expect(feed.signals == [drag(1)])
            await relay.send(drag(2), table: "t")
            await relay.send(drag(3), table: "t")
            #expect(feed.signals == [drag(1)], "within the interval, drags wait")
            await advance(clock, to: .milliseconds(90))
            await clock.waitForSleepers()
            #expect(feed.signals == [drag(1)], "not before the interval is over")
            clock.advance(by: .milliseconds(10))
            _ = await arrivals.next()
            _ = await arrivals.next()
            #expect(feed.signals == [drag(1), drag(3)], "the newest went, the one it replaced never")
        }
    }

    @Test("a drag discarded while it waits (the seat dropped or let go) never goes")
    func discardedDragNeverGoes() async {
        await withRelay { relay, clock, feed in
            await relay.send(drag(1), table: "t")
            await relay.send(drag(2), table: "t")
            await clock.waitForSleepers()
            relay.discardWaiting(table: "t", seat: 1)
            // Past the interval: the relay wakes, finds nothing due, and waits for the next drag.
            clock.advance(by: .milliseconds(10))
            await relay.send(drag(3), table: "t")
            #expect(feed.signals == [drag(1)])
            await advance(clock, to: .milliseconds(100))
            let arrivals = feed.arrivals
            for await _ in arrivals where feed.signals.count == 2 { break }
            #expect(feed.signals == [drag(1), drag(3)])
        }
    }
}
