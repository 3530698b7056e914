/// Keeps each seat's drag signals to at most one per interval: a drag that comes sooner than
/// that after the seat's last one sent waits, replacing any drag of the seat still waiting, and
/// goes at the end of the interval. The newest position always goes out; the ones between are
/// dropped.
///
/// A state machine with no clock of its own: callers give the time, so tests move it.
struct DragThrottle<Instant: InstantProtocol> {
    /// A seat at a table.
    struct Seat: Hashable {
        var table: String
        var number: Int
    }

    private struct Entry {
        var lastSent: Instant
        var waiting: TableSignal?
    }

    /// The shortest time between two drags of a seat.
    let interval: Instant.Duration
    private var entries: [Seat: Entry] = [:]

    init(interval: Instant.Duration) {
        self.interval = interval
    }

    /// Takes a drag of `seat` at `now`: answers it when it may go now; otherwise keeps it
    /// (in place of any drag of the seat still waiting) and answers `nil`.
    mutating func offer(_ signal: TableSignal, of seat: Seat, at now: Instant) -> TableSignal? {
        if let entry = entries[seat], now < entry.lastSent.advanced(by: interval) {
            entries[seat]?.waiting = signal
            return nil
        }
        entries[seat] = Entry(lastSent: now, waiting: nil)
        return signal
    }

    /// The waiting drags whose time has come at `now`, which count as sent when they were due
    /// (a timer that wakes late must not push the seat's next drags later still); and seats
    /// whose last drag went more than an interval ago and wait for none are forgotten.
    mutating func due(at now: Instant) -> [(seat: Seat, signal: TableSignal)] {
        var due: [(seat: Seat, signal: TableSignal)] = []
        var idle: [Seat] = []
        for (seat, entry) in entries where now >= entry.lastSent.advanced(by: interval) {
            if let waiting = entry.waiting { due.append((seat, waiting)) } else { idle.append(seat) }
        }
        // Changed after the loop, not in it: a change while iterating would copy the table.
        for (seat, _) in due {
            guard var entry = entries[seat] else { continue }
            entry.lastSent = entry.lastSent.advanced(by: interval)
            entry.waiting = nil
            entries[seat] = entry
        }
        for seat in idle { entries[seat] = nil }
        return due
    }

    /// Forgets `seat`'s waiting drag, if any.
    mutating func discardWaiting(of seat: Seat) {
        entries[seat]?.waiting = nil
    }

    /// When the next waiting drag may go; `nil` when none waits.
    var nextDue: Instant? {
        var next: Instant?
        for entry in entries.values where entry.waiting != nil {
            let due = entry.lastSent.advanced(by: interval)
            if next.map({ due < $0 }) ?? true { next = due }
        }
        return next
    }

    /// The seats remembered (for tests: they do not pile up).
    var count: Int { entries.count }
}
