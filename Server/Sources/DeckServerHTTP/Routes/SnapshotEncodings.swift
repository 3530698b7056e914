import DeckService
import NIOCore
import Synchronization

/// The bytes of table events as sent, kept with the snapshot they encode: one snapshot of a
/// table goes to every stream of it, so an event is encoded once per audience (a seat, the
/// watchers of one link) and its bytes sent to all the audience's streams.
///
/// A snapshot's bytes live about as long as the snapshot does: entries are held by weak
/// reference, and those of snapshots no stream holds any more are dropped as new ones come.
final class SnapshotEncodings: Sendable {
    private struct Entry {
        weak var snapshot: TableSnapshot?
        var bytes: [String: ByteBuffer?] = [:]
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// The count of entries at which those of freed snapshots are dropped.
        var sweepAt = 64
    }

    private let state = Mutex(State())

    /// The entries kept now (those of freed snapshots among them until the next sweep).
    var count: Int { state.withLock { $0.entries.count } }

    /// What `make` gives for `snapshot` and `key` (the event's kind and audience): made once,
    /// then kept for every stream of the same audience that asks again. `nil` (no event to
    /// send) is kept too.
    func bytes(of snapshot: TableSnapshot, _ key: String, _ make: () throws -> ByteBuffer?) rethrows -> ByteBuffer? {
        let id = ObjectIdentifier(snapshot)
        let kept = state.withLock { state -> ByteBuffer?? in
            guard let entry = state.entries[id], entry.snapshot === snapshot else { return nil }
            return entry.bytes[key]
        }
        if let kept { return kept }
        let made = try make()
        state.withLock { state in
            // The identifier of a freed snapshot may name a new one: its entry starts afresh.
            if state.entries[id]?.snapshot !== snapshot { state.entries[id] = Entry(snapshot: snapshot) }
            state.entries[id]?.bytes[key] = made
            if state.entries.count >= state.sweepAt {
                state.entries = state.entries.filter { $0.value.snapshot != nil }
                state.sweepAt = max(64, state.entries.count * 2)
            }
        }
        return made
    }
}
