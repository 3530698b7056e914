import Synchronization

/// One viewer's event stream of a table: a mailbox that keeps only the latest view posted to
/// it, so that a viewer who reads slowly skips to the newest state instead of queueing views.
public final class TableEventStream: Sendable {
    /// What ``next(waitingAtMost:)`` gives.
    public enum Event: Sendable {
        /// The table changed: its view as this viewer may see it.
        case view(TableView)
        /// Nothing changed for the time waited.
        case quiet
        /// The stream is over: its table was deleted, or the server is stopping.
        case closed
    }

    /// The table watched.
    public let table: String
    /// The viewer's seat, from 1, and its token's hash; `nil` for a viewer without a token.
    let seat: (number: Int, tokenHash: String)?

    private struct Mailbox {
        var latest: TableView?
        var waiter: CheckedContinuation<Event?, Never>?
        var postedVersion = 0
        var closed = false
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
        let waiter = mailbox.withLock { box -> CheckedContinuation<Event?, Never>? in
            guard !box.closed, view.version > box.postedVersion else { return nil }
            box.postedVersion = view.version
            if let waiter = box.waiter {
                box.waiter = nil
                return waiter
            }
            box.latest = view
            return nil
        }
        waiter?.resume(returning: .view(view))
    }

    /// The next view, ``Event/quiet`` after `wait` without one, or ``Event/closed``.
    public func next(waitingAtMost wait: Duration) async -> Event {
        if let ready = mailbox.withLock({ Self.takeReady(&$0) }) { return ready }
        return await withTaskGroup(of: Event?.self) { group in
            group.addTask { await self.take() }
            group.addTask {
                try? await Task.sleep(for: wait)
                return nil
            }
            // Whichever ends first cancels the other; a view taken in the meantime still counts.
            var event = Event.quiet
            for await finished in group {
                group.cancelAll()
                if let finished { event = finished }
            }
            return event
        }
    }

    private static func takeReady(_ box: inout Mailbox) -> Event? {
        if box.closed { return .closed }
        guard let latest = box.latest else { return nil }
        box.latest = nil
        return .view(latest)
    }

    /// Waits for a view or the end; `nil` when cancelled first.
    private func take() async -> Event? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                let ready = mailbox.withLock { box -> Event?? in
                    if let ready = Self.takeReady(&box) { return .some(ready) }
                    if Task.isCancelled { return .some(nil) }
                    box.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = mailbox.withLock { box -> CheckedContinuation<Event?, Never>? in
                defer { box.waiter = nil }
                return box.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Ends the stream: a waiting ``next(waitingAtMost:)`` returns ``Event/closed``, and the
    /// hub forgets it. Closing twice does nothing.
    public func close() {
        let (waiter, first) = mailbox.withLock { box -> (CheckedContinuation<Event?, Never>?, Bool) in
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
