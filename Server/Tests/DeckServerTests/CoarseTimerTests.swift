import DeckStorePostgres
import Synchronization
import Testing

/// The PostgreSQL store's tick-driven deadlines.
@Suite("Coarse timer")
struct CoarseTimerTests {
    /// Runs a timer with a 20 ms tick while `body` runs.
    static func withTimer<T>(_ body: (CoarseTimer) async throws -> T) async rethrows -> T {
        let timer = CoarseTimer(tick: .milliseconds(20))
        let run = Task { await timer.run() }
        defer { run.cancel() }
        return try await body(timer)
    }

    @Test("an alarm goes off once its time has passed, not before; a cancelled one never does")
    func alarms() async throws {
        try await Self.withTimer { timer in
            let fired = Mutex<[String: ContinuousClock.Instant]>([:])
            let start = ContinuousClock.now
            _ = timer.schedule(after: .milliseconds(150)) { fired.withLock { $0["kept"] = .now } }
            let cancelled = try #require(timer.schedule(after: .milliseconds(100)) { fired.withLock { $0["cancelled"] = .now } })
            #expect(timer.cancel(cancelled))
            #expect(!timer.cancel(cancelled), "cancelled twice")
            let deadline = ContinuousClock.now + .seconds(10)
            while fired.withLock({ $0["kept"] }) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            let kept = try #require(fired.withLock { $0["kept"] }, "the alarm never went off")
            #expect(start.duration(to: kept) >= .milliseconds(150))
            // Several ticks later, the cancelled one still has not.
            try await Task.sleep(for: .milliseconds(200))
            #expect(fired.withLock { $0["cancelled"] } == nil)
        }
    }

    @Test("a sleep ends when its time has passed, or at once when its task is cancelled")
    func sleeps() async throws {
        try await Self.withTimer { timer in
            let start = ContinuousClock.now
            await timer.sleep(for: .milliseconds(100))
            #expect(start.duration(to: .now) >= .milliseconds(100))

            let long = Task { await timer.sleep(for: .seconds(60)) }
            try await Task.sleep(for: .milliseconds(50))
            let cancelled = ContinuousClock.now
            long.cancel()
            await long.value
            #expect(cancelled.duration(to: .now) < .seconds(30), "the cancelled sleep went on")
        }
    }

    @Test("when the loop ends, the alarms left go off at once; afterwards no alarm is set, and sleeps end at once")
    func stopping() async throws {
        let timer = CoarseTimer(tick: .milliseconds(20))
        let run = Task { await timer.run() }
        let fired = Mutex(0)
        _ = timer.schedule(after: .seconds(600)) { fired.withLock { $0 += 1 } }
        run.cancel()
        await run.value
        #expect(fired.withLock { $0 } == 1)
        #expect(timer.schedule(after: .seconds(600)) { fired.withLock { $0 += 1 } } == nil)
        #expect(fired.withLock { $0 } == 1)
        let slept = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await timer.sleep(for: .seconds(600))
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return false
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
        #expect(slept, "a sleep after the loop ended did not end at once")
    }
}
