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
    /// The address of the client it was opened for, counted against the per-client limit;
    /// `nil` when not counted.
    let client: String?

    private struct Mailbox {
        /// The stream's seat, as ``TableEventStream/seat``.
        let seat: (number: Int, tokenHash: String)?
        var latest: TableSnapshot?
        var signals: [TableSignal] = []
        var quiet = false
        var waiter: CheckedContinuation<Event, Never>?
        /// The version of the newest snapshot posted, and of the last one taken.
        var postedVersion = 0
        var sentVersion: Int?
        /// The seat the last snapshot taken was seen from.
        var sentViewer: Int?
        var lastSent = ContinuousClock.now
        var closed = false

        /// What is ready to be taken, if anything.
        mutating func take() -> Event? {
            if closed { return .closed }
            if let snapshot = latest {
                latest = nil
                quiet = false
                lastSent = .now
                let viewer = TableEventStream.viewer(of: seat, at: snapshot.table)
                defer { (sentVersion, sentViewer) = (snapshot.version, viewer) }
                // A viewer who lost their seat since is sent the whole view, without the hand.
                if let sentVersion, snapshot.previousVersion == sentVersion, viewer == sentViewer { return .change(snapshot) }
                return .view(snapshot)
            }
            if !signals.isEmpty {
                defer { signals = [] }
                quiet = false
                lastSent = .now
                return .signals(signals)
            }
            if quiet {
                quiet = false
                lastSent = .now
                return .quiet
            }
            return nil
        }

        /// The waiter to resume with what is ready now, if both are there.
        mutating func wakeWaiter() -> (CheckedContinuation<Event, Never>, Event)? {
            guard let waiter, let event = take() else { return nil }
            self.waiter = nil
            return (waiter, event)
        }
    }

    private let mailbox: Mutex<Mailbox>
    private let tally: TableEventTally
    private let onClose: @Sendable (TableEventStream) -> Void

    init(
        table: String, seat: (number: Int, tokenHash: String)?, wantsSignals: Bool, watchKey: String? = nil,
        client: String? = nil, tally: TableEventTally = TableEventTally(), onClose: @escaping @Sendable (TableEventStream) -> Void
    ) {
        self.table = table
        self.seat = seat
        self.wantsSignals = wantsSignals
        self.watchKey = watchKey
        self.client = client
        self.tally = tally
        self.onClose = onClose
        mailbox = Mutex(Mailbox(seat: seat))
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
        let (wake, dropped) = mailbox.withLock { box -> ((CheckedContinuation<Event, Never>, Event)?, Bool) in
            guard !box.closed, snapshot.version > box.postedVersion else { return (nil, false) }
            box.postedVersion = snapshot.version
            let dropped = box.latest != nil
            box.latest = snapshot
            return (box.wakeWaiter(), dropped)
        }
        if dropped { tally.countDropped() }
        if let (waiter, event) = wake { waiter.resume(returning: event) }
    }

    /// Posts a signal; replaces one of the same kind and stack not yet taken.
    func post(_ signal: TableSignal) {
        guard wantsSignals else { return }
        let (wake, dropped) = mailbox.withLock { box -> ((CheckedContinuation<Event, Never>, Event)?, Bool) in
            guard !box.closed else { return (nil, false) }
            let index = box.signals.firstIndex(where: { $0.key == signal.key })
            if let index { box.signals.remove(at: index) }
            box.signals.append(signal)
            return (box.wakeWaiter(), index != nil)
        }
        if dropped { tally.countDropped() }
        if let (waiter, event) = wake { waiter.resume(returning: event) }
    }

    /// Asks for a comment line when nothing was sent since `cutoff`.
    func keepAlive(ifQuietSince cutoff: ContinuousClock.Instant) {
        let wake = mailbox.withLock { box -> (CheckedContinuation<Event, Never>, Event)? in
            guard !box.closed, box.latest == nil, box.signals.isEmpty, box.lastSent < cutoff else { return nil }
            box.quiet = true
            return box.wakeWaiter()
        }
        if let (waiter, event) = wake { waiter.resume(returning: event) }
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

    /// Ends the stream: a waiting ``next()`` returns ``Event/closed``, and the table's events forget it.
    /// Closing twice does nothing.
    public func close() {
        let (waiter, first) = mailbox.withLock { box -> (CheckedContinuation<Event, Never>?, Bool) in
            guard !box.closed else { return (nil, false) }
            box.closed = true
            box.latest = nil
            box.signals = []
            defer { box.waiter = nil }
            return (box.waiter, true)
        }
        waiter?.resume(returning: .closed)
        if first { onClose(self) }
    }
}
