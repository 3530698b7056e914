/// One timer for every stream of a server: it ticks once a second (or once per keep-alive
/// interval when that is shorter), and each tick says which streams have been quiet for the
/// interval and which watched tables were not read for as long. Those reads are spread over
/// the interval, at most an interval's share of the tables a tick, so that thousands of quiet
/// tables watched since the same moment are not read in one burst.
struct KeepAliveTicker: Sendable {
    /// How long a stream may go without an event, and a watched table without a read.
    let interval: Duration
    /// The clock it ticks by.
    let clock: EventClock

    /// The time between two ticks.
    var tick: Duration { min(interval, .seconds(1)) }

    /// Ticks in one interval.
    var ticksPerInterval: Int { max(1, Int((interval / tick).rounded(.up))) }

    /// Of `watched` tables, the most that one tick reads again (at least `minimum`).
    func share(of watched: Int, minimum: Int) -> Int {
        max(minimum, (watched + ticksPerInterval - 1) / ticksPerInterval)
    }

    /// Calls `body` once a tick with the cutoff: what was last sent or read before it has been
    /// quiet for the interval. Returns when cancelled.
    func run(_ body: (_ cutoff: EventClock.Instant) async -> Void) async {
        var next = clock.now.advanced(by: tick)
        while true {
            do { try await clock.sleep(until: next) } catch { return }
            let now = clock.now
            // A tick that woke late is not made up for: the next one is a tick from now.
            next = max(next, now).advanced(by: tick)
            await body(now.advanced(by: .zero - interval))
        }
    }
}
