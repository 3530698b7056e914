import Foundation
import Synchronization

/// Carries drags to every server's streams at a seat's pace: each seat's drags go out at most
/// once per interval (see ``DragThrottle``), the newest position always last, and a drag is
/// answered without a read of the store while this server knows the seat may make it (see
/// ``DragPermits``). Run it (``run()``) for as long as drags are taken: it sends the drags that
/// wait their turn.
final class DragRelay: Sendable {
    private let feed: any TableChangeFeed
    private let clock: EventClock
    private let now: @Sendable () -> Date
    private let throttle: Mutex<DragThrottle<EventClock.Instant>>
    private let permits = Mutex(DragPermits())
    private let wakeUps: AsyncStream<Void>
    private let wakeUp: AsyncStream<Void>.Continuation

    /// A relay sending through `feed`, keeping each seat's drags `interval` apart on `clock`;
    /// `now` is the time holds are judged at.
    init(feed: any TableChangeFeed, interval: Duration, clock: EventClock, now: @escaping @Sendable () -> Date) {
        self.feed = feed
        self.clock = clock
        self.now = now
        throttle = Mutex(DragThrottle(interval: interval))
        (wakeUps, wakeUp) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Sends the drag `signal` of the table `id` now, or when the seat's interval is over (in
    /// place of the seat's drag still waiting).
    func send(_ signal: TableSignal, table id: String) async {
        let ready = throttle.withLock { $0.offer(signal, of: .init(table: id, number: signal.seat), at: clock.now) }
        if let ready {
            await feed.send(ready, table: id)
        } else {
            wakeUp.yield()
        }
    }

    /// Forgets the seat's drag still waiting, if any: what the seat did since (a drop, a hold
    /// or a release) comes first.
    func discardWaiting(table id: String, seat: Int) {
        throttle.withLock { $0.discardWaiting(of: .init(table: id, number: seat)) }
    }

    /// Sends each waiting drag when its seat's interval is over, until cancelled.
    func run() async {
        for await _ in wakeUps {
            while !Task.isCancelled, let next = throttle.withLock({ $0.nextDue }) {
                // At most 10 ms late: a drag that came meanwhile may be due sooner.
                do {
                    try await clock.sleep(until: min(next, clock.now.advanced(by: .milliseconds(10))))
                } catch {
                    return
                }
                let due = throttle.withLock { $0.due(at: clock.now) }
                for (seat, signal) in due { await feed.send(signal, table: seat.table) }
            }
        }
    }

    // MARK: Permits

    /// The seat of the holder of `token` when it may drag `stack` now, as far as this server
    /// knows without reading the store; `nil` when it does not know: then read the table,
    /// between ``reading(_:)`` and ``learn(_:id:)``, and decide.
    func knownDrag(table id: String, token: String, stack: String) -> Int? {
        let hash = TableToken.hash(token)
        let now = now()
        return permits.withLock { $0.seat(table: id, tokenHash: hash, stack: stack, at: now) }
    }

    /// A read of the table `id` begins whose result goes to ``learn(_:id:)``.
    func reading(_ id: String) {
        let now = now()
        permits.withLock { $0.reading(id, at: now) }
    }

    /// What a read of the table `id` found (see ``reading(_:)``), for the drags that follow.
    func learn(_ table: Tabletop, id: String) {
        permits.withLock { $0.learn(table, id: id) }
    }

    /// What the feed brought: a newer version outdates what was learnt, and a hold heard
    /// counts until it runs out.
    func heard(_ notice: TableNotice) {
        switch notice {
        case .changed(let id, let version, _):
            permits.withLock { $0.heard(id, version: version) }
        case .signal(let id, .held(let stack, let seat, let until)):
            permits.withLock { $0.heardHold(id, stack: stack, seat: seat, until: until) }
        case .signal:
            break
        case .mayHaveMissed:
            permits.withLock { $0.hearAfresh() }
        case .listenerLost:
            permits.withLock { $0.stopHearing() }
        }
    }
}
