import Synchronization

/// What a server's table event streams sent and dropped since it started, for its metrics.
///
/// An event is dropped when a stream replaces one not yet sent with a newer one: a table
/// snapshot by a newer snapshot (the viewer later gets the newer state whole), or a signal by a
/// newer one of the same kind and stack (a drag's place by its next place).
public final class TableEventTally: Sendable {
    private let sentEvents = Atomic<Int>(0)
    private let droppedEvents = Atomic<Int>(0)

    init() {}

    /// Events written to clients.
    public var sent: Int { sentEvents.load(ordering: .relaxed) }
    /// Events replaced by newer ones before they were sent.
    public var dropped: Int { droppedEvents.load(ordering: .relaxed) }

    /// Counts `count` events written to a client.
    func countSent(_ count: Int) {
        sentEvents.add(count, ordering: .relaxed)
    }

    /// Counts an event replaced before it was sent.
    func countDropped() {
        droppedEvents.add(1, ordering: .relaxed)
    }
}
