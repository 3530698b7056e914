import Synchronization

/// Deadlines accurate to a tick, all served by one loop that wakes once per tick.
///
/// The store sets two deadlines for every group of changes (the wait for a connection and the
/// backstop for a transaction with no answer), hundreds of times a second, and nearly all of
/// them are cancelled long before they pass. `Task.sleep` arms and disarms a system timer for
/// each through Dispatch's timer thread; in a profile of the draw mix that thread took 6 % of a
/// server's samples, and its wake-ups many of the context switches. Here setting and cancelling
/// a deadline is an entry in a dictionary.
///
/// The timer reads the time from `C`: the store runs it on `ContinuousClock`, and tests on a
/// clock they move themselves, calling ``fireDue()`` instead of running the loop.
package final class CoarseTimer<C: Clock>: Sendable where C.Duration == Duration {
    /// A deadline set with ``schedule(after:_:)``, to cancel it with.
    package struct Alarm: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct Entry: Sendable {
        let deadline: C.Instant
        let action: @Sendable () -> Void
    }

    private struct State: Sendable {
        var entries: [Alarm: Entry] = [:]
        var nextID: UInt64 = 0
        /// Set once the timer has stopped: no alarm is set from then on, and sleeps end at once.
        var stopped = false
    }

    /// The clock deadlines are read from.
    package let clock: C
    /// How often the loop looks for deadlines that have passed.
    package let tick: Duration
    private let state = Mutex(State())

    /// A timer on `clock` whose loop wakes every `tick`.
    package init(clock: C, tick: Duration = .milliseconds(100)) {
        self.clock = clock
        self.tick = tick
    }

    /// How many alarms are set and have not gone off (for tests).
    package var alarmCount: Int {
        state.withLock { $0.entries.count }
    }

    /// Calls `action` once `duration` has passed (up to a tick later), unless the alarm is
    /// cancelled first. Returns `nil`, and never calls `action`, once the timer has stopped.
    package func schedule(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> Alarm? {
        let deadline = clock.now.advanced(by: duration)
        return state.withLock { state -> Alarm? in
            if state.stopped { return nil }
            state.nextID += 1
            let alarm = Alarm(id: state.nextID)
            state.entries[alarm] = Entry(deadline: deadline, action: action)
            return alarm
        }
    }

    /// Cancels `alarm`; returns whether it had not gone off yet.
    @discardableResult
    package func cancel(_ alarm: Alarm) -> Bool {
        state.withLock { $0.entries.removeValue(forKey: alarm) } != nil
    }

    /// Returns once `duration` has passed (up to a tick later), or at once when the calling
    /// task is cancelled or the timer has stopped.
    package func sleep(for duration: Duration) async {
        let alarm = Mutex<Alarm?>(nil)
        let wake = Mutex<CheckedContinuation<Void, Never>?>(nil)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                wake.withLock { $0 = continuation }
                let set = schedule(after: duration) { wake.withLock { $0.take() }?.resume() }
                alarm.withLock { $0 = set }
                if set == nil || Task.isCancelled { wake.withLock { $0.take() }?.resume() }
            }
        } onCancel: {
            if let set = alarm.withLock({ $0 }) { cancel(set) }
            wake.withLock { $0.take() }?.resume()
        }
        if let set = alarm.withLock({ $0 }) { cancel(set) }
    }

    /// Calls the actions whose deadlines have passed by the clock's time now; returns how many.
    @discardableResult
    package func fireDue() -> Int {
        let now = clock.now
        let due = state.withLock { state -> [Entry] in
            let due = state.entries.filter { $0.value.deadline <= now }
            for alarm in due.keys { state.entries[alarm] = nil }
            return Array(due.values)
        }
        for entry in due { entry.action() }
        return due.count
    }

    /// Stops the timer: calls every action left, so that nothing waits for a deadline that will
    /// not be served, and sets no alarm from then on.
    package func stop() {
        let left = state.withLock { state -> [Entry] in
            state.stopped = true
            defer { state.entries = [:] }
            return Array(state.entries.values)
        }
        for entry in left { entry.action() }
    }

    /// Calls the actions whose deadlines have passed, once per tick, until the calling task is
    /// cancelled; then stops the timer (``stop()``).
    package func run() async {
        while !Task.isCancelled {
            try? await clock.sleep(for: tick)
            fireDue()
        }
        stop()
    }
}

extension CoarseTimer where C == ContinuousClock {
    /// A timer on the continuous clock whose loop wakes every `tick`.
    package convenience init(tick: Duration = .milliseconds(100)) {
        self.init(clock: ContinuousClock(), tick: tick)
    }
}
