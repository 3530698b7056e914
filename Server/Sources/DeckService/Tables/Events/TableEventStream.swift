import Synchronization

/// One viewer's event stream of a table: a mailbox that keeps only the newest thing to send,
/// so that a viewer who reads slowly skips to the newest state instead of queueing states.
///
/// It keeps the newest table snapshot and, for a stream that wants them, the newest signal of
/// each kind and stack (a drag's last position, a hold's last state); memory per stream stays
/// bounded however fast the table changes.
public final class TableEventStream: Sendable {
    /// What ``next()`` gives.
    public enum Event: Sendable {
        /// The table as it is now, to be sent whole: the stream's first event, or one after the
        /// stream skipped versions.
        case view(TableSnapshot)
        /// The table as it is now, to be sent as what changed since the last event sent, whose
        /// version is the snapshot's ``TableSnapshot/previousVersion``.
        case change(TableSnapshot)
        /// Signals in the order they came, the newest of each kind and stack.
        case signals([TableSignal])
        /// Nothing was sent for the keep-alive interval: time for a comment line, which keeps
        /// proxies from closing a quiet connection.
        case quiet
        /// The stream is over: its table was deleted, the client went away, or the server is
        /// stopping.
        case closed
    }

    /// The table watched.
    public let table: String
    /// The viewer's seat, from 1, and its token's hash; `nil` for a watcher.
    let seat: (number: Int, tokenHash: String)?
    /// Whether signals are kept for it (the free-form table's streams) or dropped.
    let wantsSignals: Bool
    /// The watch link it was opened through; `nil` for a stream opened with the table's id.
    let watchKey: String?

    private struct Mailbox {
        /// The stream's seat, as ``TableEventStream/seat``.
        let seat: (number: Int, tokenHash: String)?
        var latest: TableSnapshot?
        var signals: [TableSignal] = []
        var quiet = false
        var waiter: CheckedContinuation<Event, Never>?
        /// Told, once until ``TableEventStream/poll()`` finds nothing, that something is ready:
        /// for a consumer that takes events without a task (see ``TableEventStream/whenReady(_:)``).
        var listener: (@Sendable () -> Void)?
        var listenerTold = false
        /// The version of the newest snapshot posted, and of the last one taken.
        var postedVersion = 0
        var sentVersion: Int?
        /// The seat the last snapshot taken was seen from.
        var sentViewer: Int?
        /// The clock the stream's quiet is timed by, and when it last gave an event.
        let clock: EventClock
        var lastSent: EventClock.Instant
        var closed = false

        /// What is ready to be taken, if anything.
        mutating func take() -> Event? {
            if closed { return .closed }
            if let snapshot = latest {
                latest = nil
                quiet = false
                lastSent = clock.now
                let viewer = TableEventStream.viewer(of: seat, at: snapshot.table)
                defer { (sentVersion, sentViewer) = (snapshot.version, viewer) }
                // A viewer who lost their seat since is sent the whole view, without the hand.
                if let sentVersion, snapshot.previousVersion == sentVersion, viewer == sentViewer { return .change(snapshot) }
                return .view(snapshot)
            }
            if !signals.isEmpty {
                defer { signals = [] }
                quiet = false
                lastSent = clock.now
                return .signals(signals)
            }
            if quiet {
                quiet = false
                lastSent = clock.now
                return .quiet
            }
            return nil
        }

        /// Whom to wake now that something may be ready: the waiter, with what is ready, or the
        /// listener, not yet told.
        mutating func wake() -> Wake? {
            if let waiter {
                guard let event = take() else { return nil }
                self.waiter = nil
                return .waiter(waiter, event)
            }
            guard let listener, !listenerTold, closed || latest != nil || !signals.isEmpty || quiet else { return nil }
            listenerTold = true
            return .listener(listener)
        }
    }

    private enum Wake {
        case waiter(CheckedContinuation<Event, Never>, Event)
        case listener(@Sendable () -> Void)

        func callAsFunction() {
            switch self {
            case .waiter(let waiter, let event): waiter.resume(returning: event)
            case .listener(let listener): listener()
            }
        }
    }

    private let mailbox: Mutex<Mailbox>
    private let tally: TableEventTally
    private let onClose: @Sendable (TableEventStream) -> Void
    /// What runs once the stream closes (``whenClosed(_:)``); `nil` once it has closed.
    private let closeHandlers = Mutex<[@Sendable () -> Void]?>([])

    init(
        table: String, seat: (number: Int, tokenHash: String)?, wantsSignals: Bool, watchKey: String? = nil,
        tally: TableEventTally = TableEventTally(), clock: EventClock = .continuous,
        onClose: @escaping @Sendable (TableEventStream) -> Void
    ) {
        self.table = table
        self.seat = seat
        self.wantsSignals = wantsSignals
        self.watchKey = watchKey
        self.tally = tally
        self.onClose = onClose
        mailbox = Mutex(Mailbox(seat: seat, clock: clock, lastSent: clock.now))
    }

    /// Counts `count` events of this stream as written to its client (a batch of signals is
    /// one event each), for the server's metrics.
    public func sent(_ count: Int) {
        tally.countSent(count)
    }

    /// The seat the stream's viewer holds in `snapshot`: `nil` for a watcher, and for a player
    /// who left or whose seat was taken again (they see what a watcher sees).
    public func viewer(in snapshot: TableSnapshot) -> Int? {
        Self.viewer(of: seat, at: snapshot.table)
    }

    private static func viewer(of seat: (number: Int, tokenHash: String)?, at table: Tabletop) -> Int? {
        guard let seat, table.seats.indices.contains(seat.number - 1),
              table.seats[seat.number - 1].tokenHash == seat.tokenHash else { return nil }
        return seat.number
    }

    /// Posts a snapshot newer than the last posted one; replaces one not yet taken.
    func post(_ snapshot: TableSnapshot) {
        let (wake, dropped) = mailbox.withLock { box -> (Wake?, Bool) in
            guard !box.closed, snapshot.version > box.postedVersion else { return (nil, false) }
            box.postedVersion = snapshot.version
            let dropped = box.latest != nil
            box.latest = snapshot
            return (box.wake(), dropped)
        }
        if dropped { tally.countDropped() }
        wake?()
    }

    /// Posts a signal; replaces one of the same kind and stack not yet taken.
    func post(_ signal: TableSignal) {
        guard wantsSignals else { return }
        let (wake, dropped) = mailbox.withLock { box -> (Wake?, Bool) in
            guard !box.closed else { return (nil, false) }
            let index = box.signals.firstIndex(where: { $0.key == signal.key })
            if let index { box.signals.remove(at: index) }
            box.signals.append(signal)
            return (box.wake(), index != nil)
        }
        if dropped { tally.countDropped() }
        wake?()
    }

    /// Asks for a comment line when nothing was sent since `cutoff`.
    func keepAlive(ifQuietSince cutoff: EventClock.Instant) {
        let wake = mailbox.withLock { box -> Wake? in
            guard !box.closed, box.latest == nil, box.signals.isEmpty, box.lastSent < cutoff else { return nil }
            box.quiet = true
            return box.wake()
        }
        wake?()
    }

    /// The next event: a table, signals, a keep-alive, or the end (also when the task is
    /// cancelled).
    public func next() async -> Event {
        if let ready = mailbox.withLock({ $0.take() }) { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event, Never>) in
                let ready = mailbox.withLock { box -> Event? in
                    if let ready = box.take() { return ready }
                    if Task.isCancelled { return .closed }
                    box.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            close()
        }
    }

    /// The next event if one is ready, without waiting: for a consumer without a task, woken by
    /// ``whenReady(_:)``. After it returns `nil`, the listener is told of the next thing ready.
    public func poll() -> Event? {
        mailbox.withLock { box in
            let event = box.take()
            if event == nil { box.listenerTold = false }
            return event
        }
    }

    /// Calls `listener` (on whatever thread posts) whenever something becomes ready to
    /// ``poll()``, once until a poll finds nothing; at once if something is ready now. For a
    /// consumer that takes events without a task waiting in ``next()``: then `next()` is not
    /// used.
    public func whenReady(_ listener: @escaping @Sendable () -> Void) {
        let wake = mailbox.withLock { box -> Wake? in
            box.listener = listener
            box.listenerTold = false
            return box.wake()
        }
        wake?()
    }

    /// Ends the stream: a waiting ``next()`` returns ``Event/closed`` (a listener is told to
    /// poll it), and the table's events forget it. Closing twice does nothing.
    public func close() {
        let (wake, first) = mailbox.withLock { box -> (Wake?, Bool) in
            guard !box.closed else { return (nil, false) }
            box.closed = true
            box.latest = nil
            box.signals = []
            return (box.wake(), true)
        }
        wake?()
        guard first else { return }
        onClose(self)
        for handler in closeHandlers.withLock({ handlers in defer { handlers = nil }; return handlers ?? [] }) { handler() }
    }

    /// Runs `body` once the stream closes, whoever closes it (its consumer, its table's events
    /// when the server stops or a watch link changes); at once if it has closed already. For
    /// what its consumer holds for as long as the stream is open, such as the stream's place.
    public func whenClosed(_ body: @escaping @Sendable () -> Void) {
        let runNow = closeHandlers.withLock { handlers in
            guard handlers != nil else { return true }
            handlers!.append(body)
            return false
        }
        if runNow { body() }
    }
}
