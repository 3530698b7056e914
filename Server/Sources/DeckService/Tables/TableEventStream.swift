import Synchronization

/// One viewer's event stream of a table: a mailbox that keeps only the latest view posted to
/// it, so that a viewer who reads slowly skips to the newest state instead of queueing views.
public final class TableEventStream: Sendable {
    /// What ``next()`` gives.
    public enum Event: Sendable {
        /// The table changed: its view as this viewer may see it.
        case view(TableView)
        /// Nothing was sent for the hub's keep-alive interval: time for a comment line, which
        /// keeps proxies from closing a quiet connection.
        case quiet
        /// The stream is over: its table was deleted, the client went away, or the server is
        /// stopping.
        case closed
    }

    /// The table watched.
    public let table: String
    /// The viewer's seat, from 1, and its token's hash; `nil` for a viewer without a token.
    let seat: (number: Int, tokenHash: String)?

    private struct Mailbox {
        var latest: TableView?
        var quiet = false
        var waiter: CheckedContinuation<Event, Never>?
        var postedVersion = 0
        var lastSent = ContinuousClock.now
        var closed = false

        /// What is ready to be taken, if anything.
        mutating func take() -> Event? {
            if closed { return .closed }
            if let view = latest {
                latest = nil
                quiet = false
                lastSent = .now
                return .view(view)
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

    private let mailbox = Mutex(Mailbox())
    private let onClose: @Sendable (TableEventStream) -> Void

    init(table: String, seat: (number: Int, tokenHash: String)?, onClose: @escaping @Sendable (TableEventStream) -> Void) {
        self.table = table
        self.seat = seat
        self.onClose = onClose
    }

    /// Posts the table's view at a newer version than the last posted one; replaces a view not
    /// yet taken.
    func post(_ view: TableView) {
        let wake = mailbox.withLock { box -> (CheckedContinuation<Event, Never>, Event)? in
            guard !box.closed, view.version > box.postedVersion else { return nil }
            box.postedVersion = view.version
            box.latest = view
            return box.wakeWaiter()
        }
        if let (waiter, event) = wake { waiter.resume(returning: event) }
    }

    /// Asks for a comment line when nothing was sent since `cutoff`.
    func keepAlive(ifQuietSince cutoff: ContinuousClock.Instant) {
        let wake = mailbox.withLock { box -> (CheckedContinuation<Event, Never>, Event)? in
            guard !box.closed, box.latest == nil, box.lastSent < cutoff else { return nil }
            box.quiet = true
            return box.wakeWaiter()
        }
        if let (waiter, event) = wake { waiter.resume(returning: event) }
    }

    /// The next event: a view, a keep-alive, or the end (also when the task is cancelled).
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

    /// Ends the stream: a waiting ``next()`` returns ``Event/closed``, and the hub forgets it.
    /// Closing twice does nothing.
    public func close() {
        let (waiter, first) = mailbox.withLock { box -> (CheckedContinuation<Event, Never>?, Bool) in
            guard !box.closed else { return (nil, false) }
            box.closed = true
            box.latest = nil
            defer { box.waiter = nil }
            return (box.waiter, true)
        }
        waiter?.resume(returning: .closed)
        if first { onClose(self) }
    }
}
