import Foundation

/// Who may drag which stack, as far as this server knows without reading the store: the seats
/// and holds of a table's last read, and the holds heard on the feed since.
///
/// A seat drags 30 times a second. Reading the table from the store for each drag would load
/// the store, and across PostgreSQL instances queue every drag behind the pool, for an answer
/// that changes only when the table does.
///
/// A table is learnt from a read (a drag's, a hold's, or a stream's) and stays good until a
/// newer version of it is heard: any change may have dropped or released the stack, or seated
/// someone else. Then the next drag reads the store again. A read begun before a change that
/// is heard while it runs is kept, but as out of date: call ``reading(_:at:)`` before each read.
///
/// Holds heard are trusted only while the feed hears: from its ``TableNotice/mayHaveMissed``
/// (which forgets every table, as what was missed may have changed any) until it loses its
/// listener. Across servers, a hold passing to another seat and a release are answered only
/// once every server has heard them (``TableChangeFeed/deliver(_:table:)``), so a server that
/// hears never lets the old holder drag after that answer.
///
/// Asking never refuses a drag: `nil` only means "read the store", which decides.
struct DragPermits {
    private struct Entry {
        /// The version read, or -1 while the first read is under way.
        var version = -1
        /// The newest version heard; the entry holds good while it is not newer than `version`.
        var heard = -1
        /// Each seat's token hash, seat 1 first (`nil` for a free seat).
        var seats: [String?] = []
        /// The holds, by stack.
        var holds: [String: Tabletop.Hold] = [:]

        var isCurrent: Bool { version >= 0 && heard <= version }
    }

    /// The most tables kept; past it, those with no hold left are forgotten first.
    let capacity: Int
    private var tables: [String: Entry] = [:]
    /// Whether the feed hears now: until it does, nothing is known without a read.
    private var hearing = false

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// The tables kept now.
    var count: Int { tables.count }

    /// The seat of the token hashed as `tokenHash` when it may drag `stack` at `now`; `nil`
    /// when not known to (the table read is out of date, or does not say so).
    func seat(table id: String, tokenHash: String, stack: String, at now: Date) -> Int? {
        guard hearing, let entry = tables[id], entry.isCurrent,
              let index = entry.seats.firstIndex(of: tokenHash),
              let hold = entry.holds[stack], hold.seat == index + 1, hold.until > now
        else { return nil }
        return index + 1
    }

    /// A read of the table `id` begins: versions heard from now on count against it.
    mutating func reading(_ id: String, at now: Date) {
        guard tables[id] == nil else { return }
        makeRoom(at: now)
        tables[id] = Entry()
    }

    /// Takes what a read of the table `id` (begun after ``reading(_:at:)``) found, unless a
    /// newer read was taken already.
    mutating func learn(_ table: Tabletop, id: String) {
        guard var entry = tables[id], entry.version <= table.version else { return }
        entry.version = table.version
        entry.seats = table.seats.map(\.tokenHash)
        entry.holds = table.holds
        tables[id] = entry
    }

    /// The table `id` reached `version`.
    mutating func heard(_ id: String, version: Int) {
        guard let heard = tables[id]?.heard else { return }
        tables[id]?.heard = max(heard, version)
    }

    /// `seat` holds `stack` of the table `id` until `until`, or (`nil`) released it.
    mutating func heardHold(_ id: String, stack: String, seat: Int, until: Date?) {
        guard tables[id] != nil else { return }
        if let until {
            tables[id]?.holds[stack] = Tabletop.Hold(seat: seat, until: until)
        } else if tables[id]?.holds[stack]?.seat == seat {
            tables[id]?.holds[stack] = nil
        }
    }

    /// The feed hears (again): what was learnt before may have changed unheard.
    mutating func hearAfresh() {
        tables = [:]
        hearing = true
    }

    /// The feed stopped hearing: until it hears again, every drag reads the store.
    mutating func stopHearing() {
        hearing = false
    }

    /// Makes room for one more table: forgets those whose holds have all run out, and all of
    /// them when that is not enough.
    private mutating func makeRoom(at now: Date) {
        guard tables.count >= capacity else { return }
        tables = tables.filter { _, entry in entry.holds.values.contains { $0.until > now } }
        if tables.count >= capacity { tables = [:] }
    }
}
