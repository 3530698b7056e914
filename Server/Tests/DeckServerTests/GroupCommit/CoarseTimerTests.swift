import DeckTestSupport
import DeckStorePostgres
import Synchronization
import Testing

/// The PostgreSQL store's tick-driven deadlines, on a clock the tests move: the tests call
/// ``CoarseTimer/fireDue()`` where the loop would, after each tick.
@Suite("Coarse timer")
struct CoarseTimerTests {
    typealias Timer = CoarseTimer<ManualClock>

    @Test("an alarm goes off once its time has passed, not before; a cancelled one never does")
    func alarms() throws {
        let clock = ManualClock()
        let timer = Timer(clock: clock)
        let fired = Mutex<[String: ManualClock.Instant]>([:])
        _ = timer.schedule(after: .milliseconds(150)) { fired.withLock { $0["kept"] = clock.now } }
        let cancelled = try #require(timer.schedule(after: .milliseconds(100)) { fired.withLock { $0["cancelled"] = clock.now } })
        #expect(timer.cancel(cancelled))
        #expect(!timer.cancel(cancelled), "cancelled twice")

        clock.advance(by: .milliseconds(149))
        #expect(timer.fireDue() == 0, "went off before its time")
        clock.advance(by: .milliseconds(1))
        #expect(timer.fireDue() == 1)
        #expect(fired.withLock { $0["kept"] } == ManualClock.Instant(offset: .milliseconds(150)))
        #expect(timer.fireDue() == 0, "went off twice")
        clock.advance(by: .seconds(600))
        #expect(timer.fireDue() == 0)
        #expect(fired.withLock { $0["cancelled"] } == nil)
        #expect(timer.alarmCount == 0)
    }

    @Test("a sleep ends when its time has passed, or at once when its task is cancelled")
    func sleeps() async throws {
        let clock = ManualClock()
        let timer = Timer(clock: clock)
        let ended = Mutex(false)
        let sleeper = Task {
            await timer.sleep(for: .milliseconds(100))
            ended.withLock { $0 = true }
        }
        try await waitUntil("the sleep to set its alarm") { timer.alarmCount == 1 }
        clock.advance(by: .milliseconds(99))
        timer.fireDue()
        #expect(!ended.withLock { $0 }, "woke before its time")
        clock.advance(by: .milliseconds(1))
        timer.fireDue()
        await sleeper.value
        #expect(ended.withLock { $0 })

        let long = Task { await timer.sleep(for: .seconds(60)) }
        try await waitUntil("the long sleep to set its alarm") { timer.alarmCount == 1 }
        long.cancel()
        await long.value
        #expect(timer.alarmCount == 0, "the cancelled sleep left its alarm set")
        #expect(clock.now == ManualClock.Instant(offset: .milliseconds(100)), "the clock did not move: the cancel ended it")
    }

    @Test("when the timer stops, the alarms left go off at once; afterwards no alarm is set, and sleeps end at once")
    func stopping() async {
        let timer = Timer(clock: ManualClock())
        let fired = Mutex(0)
        _ = timer.schedule(after: .seconds(600)) { fired.withLock { $0 += 1 } }
        timer.stop()
        #expect(fired.withLock { $0 } == 1)
        #expect(timer.schedule(after: .seconds(600)) { fired.withLock { $0 += 1 } } == nil)
        #expect(fired.withLock { $0 } == 1)
        // Would never return if it waited for the clock, which nothing moves.
        await timer.sleep(for: .seconds(600))
    }

    @Test("the loop serves deadlines on the continuous clock, and stops the timer when cancelled")
    func loop() async throws {
        let timer = CoarseTimer(tick: .milliseconds(10))
        let run = Task { await timer.run() }
        let fired = Mutex(0)
        _ = timer.schedule(after: .milliseconds(20)) { fired.withLock { $0 += 1 } }
        try await waitUntil("the loop to serve the alarm") { fired.withLock { $0 } == 1 }
        _ = timer.schedule(after: .seconds(600)) { fired.withLock { $0 += 1 } }
        run.cancel()
        await run.value
        #expect(fired.withLock { $0 } == 2, "the alarm left did not go off when the loop ended")
    }
}
