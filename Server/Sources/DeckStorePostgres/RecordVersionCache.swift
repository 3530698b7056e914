import DeckService
import Foundation
import Synchronization

/// What one instance last knew of the records it changed: each record's state and row version as
/// its own last commit left them, so that its next change can be written with one conditional
/// statement (`UPDATE … WHERE xmin = <the version known>`) instead of a transaction that reads and
/// locks the row first.
///
/// The row version is PostgreSQL's `xmin`, the id of the transaction that wrote the row's
/// current version: any write by anyone (another instance, an older server, a person at `psql`)
/// changes it, so a stale entry can never be written over a newer state; its write simply
/// matches no row, and the record goes the locking way. (A false match would need the row
/// rewritten by a transaction whose 32-bit id equals the one known, four billion transactions
/// later, while the entry stayed: entries are dropped after ``lifetime``.)
///
/// Records another instance is changing too are *contended*: for ``calm`` after the last sign of
/// a foreign write they have no entry, and their changes take the locking transaction, which
/// serialises instances without retries.
final class RecordVersionCache: Sendable {
    /// A record's state and row version as known.
    struct Entry: Sendable {
        /// The row's `xmin`, as text.
        var version: String
        /// The record's state at that version.
        var state: [UInt8]
        /// When it was known.
        var time: ContinuousClock.Instant
    }

    private struct Key: Hashable, Sendable {
        var kind: RecordKind
        var id: String
    }

    private struct State: Sendable {
        var entries: [Key: Entry] = [:]
        /// Records seen changed by others, and until when they count as contended.
        var contended: [Key: ContinuousClock.Instant] = [:]
    }

    /// The most records kept; past it, arbitrary entries make room.
    let capacity: Int
    /// How long a record seen changed by another writer takes the locking way.
    let calm: Duration
    /// How long an entry is trusted.
    let lifetime: Duration
    private let state = Mutex(State())

    init(capacity: Int = 20_000, calm: Duration = .seconds(2), lifetime: Duration = .seconds(600)) {
        precondition(capacity >= 1)
        self.capacity = capacity
        self.calm = calm
        self.lifetime = lifetime
    }

    /// The entry for record `id` of `kind`, unless there is none, it is too old, or the record is
    /// contended.
    func entry(_ kind: RecordKind, id: String) -> Entry? {
        let key = Key(kind: kind, id: id)
        let now = ContinuousClock.now
        return state.withLock { state in
            if let until = state.contended[key] {
                if now < until { return nil }
                state.contended[key] = nil
            }
            guard let entry = state.entries[key] else { return nil }
            guard entry.time.duration(to: now) < lifetime else {
                state.entries[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Notes that this instance's own commit left record `id` at `version` with `state`.
    func remember(_ kind: RecordKind, id: String, version: String, state newState: [UInt8]) {
        // An image is large and its bytes never change: it is never kept here (nor a background record,
        // which held its image once).
        guard kind != .tableBackground, kind != .image else { return }
        let key = Key(kind: kind, id: id)
        let entry = Entry(version: version, state: newState, time: .now)
        state.withLock { state in
            if state.entries[key] == nil, state.entries.count >= capacity {
                state.entries.remove(at: state.entries.startIndex)
            }
            state.entries[key] = entry
        }
    }

    /// Notes that a record was found at `version`, under lock: when this instance knew another
    /// version, someone else wrote it since, and the record counts as contended.
    func noteFound(_ kind: RecordKind, id: String, version: String) {
        let key = Key(kind: kind, id: id)
        state.withLock { state in
            guard let known = state.entries[key], known.version != version else { return }
            state.entries[key] = nil
            Self.markContended(key, in: &state, for: calm)
        }
    }

    /// Forgets record `id`: its conditional write matched no row (another writer changed or
    /// deleted it), so it counts as contended.
    func noteConflict(_ kind: RecordKind, id: String) {
        state.withLock { state in
            let key = Key(kind: kind, id: id)
            state.entries[key] = nil
            Self.markContended(key, in: &state, for: calm)
        }
    }

    private static func markContended(_ key: Key, in state: inout State, for calm: Duration) {
        if state.contended.count >= 10_000 {
            let now = ContinuousClock.now
            state.contended = state.contended.filter { $0.value > now }
            if state.contended.count >= 10_000 { state.contended.remove(at: state.contended.startIndex) }
        }
        state.contended[key] = .now + calm
    }
}
