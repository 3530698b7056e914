import DeckService
import NIOCore
import Synchronization

/// The bytes of table events as sent, kept with the snapshot they encode: one snapshot of a
/// table goes to every stream of it, so an event is encoded once per audience (a seat, the
/// watchers of one link) and its bytes sent to all the audience's streams.
///
/// A snapshot's bytes live about as long as the snapshot does: entries hold it by weak
/// reference, a table's entries of freed snapshots go when the table's next snapshot comes,
/// and every table's once the entries have doubled since the last sweep. Tables are spread
/// over shards, each with its own lock, as every stream of every event loop asks here.
final class SnapshotEncodings: Sendable {
    private struct Entry {
        weak var snapshot: TableSnapshot?
        var bytes: [String: ByteBuffer?] = [:]
    }

    private struct State {
        /// Each table's entries, the newest last: a table has a few snapshots in flight at most.
        var tables: [String: [Entry]] = [:]
        var count = 0
        /// The count of entries at which those of freed snapshots are dropped everywhere.
        var sweepAt = 64

        mutating func sweep() {
            tables = tables.compactMapValues { entries in
                let live = entries.filter { $0.snapshot != nil }
                return live.isEmpty ? nil : live
            }
            count = tables.values.reduce(0) { $0 + $1.count }
            sweepAt = max(64, count * 2)
        }
    }

    private final class Shard: Sendable {
        let state = Mutex(State())
    }

    private let shards = (0..<16).map { _ in Shard() }

    /// The entries kept now (those of freed snapshots among them until they are dropped).
    var count: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.count } } }

    /// What `make` gives for `snapshot` and `key` (the event's kind and audience): made once,
    /// then kept for every stream of the same audience that asks again. `nil` (no event to
    /// send) is kept too.
    func bytes(of snapshot: TableSnapshot, _ key: String, _ make: () throws -> ByteBuffer?) rethrows -> ByteBuffer? {
        let shard = shards[Int(UInt(bitPattern: snapshot.id.hashValue) % UInt(shards.count))]
        let kept = shard.state.withLock { state -> ByteBuffer?? in
            state.tables[snapshot.id]?.last { $0.snapshot === snapshot }?.bytes[key]
        }
        if let kept { return kept }
        let made = try make()
        shard.state.withLock { state in
            var entries = state.tables[snapshot.id] ?? []
            let before = entries.count
            entries.removeAll { $0.snapshot == nil }
            if let index = entries.lastIndex(where: { $0.snapshot === snapshot }) {
                entries[index].bytes[key] = made
            } else {
                entries.append(Entry(snapshot: snapshot, bytes: [key: made]))
            }
            state.tables[snapshot.id] = entries
            state.count += entries.count - before
            if state.count >= state.sweepAt { state.sweep() }
        }
        return made
    }
}
