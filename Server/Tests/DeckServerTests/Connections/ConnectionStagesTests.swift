@testable import DeckServerHTTP
import DeckTestSupport
import PropertyBased
import Testing

/// The connection deadlines on a clock the tests move: what each event does to the one timer,
/// and that no connection is closed before its stage's limit or left open past it.
@Suite("Connection stages and deadlines, on a clock the test moves")
struct ConnectionStagesTests {
    typealias Stages = ConnectionStages<ManualClock>

    /// 60 s idle, 10 s for a head, 30 s for a body: the server's defaults.
    static let timeouts = ConnectionTimeouts()

    @Test("an idle connection is closed when its idle limit passes, not before")
    func idleLimit() {
        let clock = ManualClock()
        var stages = Stages(timeouts: Self.timeouts, clock: clock)
        #expect(stages.start() == .scheduleTimer(at: clock.now.advanced(by: .seconds(60))))
        clock.advance(by: .seconds(59))
        #expect(stages.timerFired() == .scheduleTimer(at: clock.now.advanced(by: .seconds(1))), "closed a second early")
        clock.advance(by: .seconds(1))
        #expect(stages.timerFired() == .close)
        #expect(stages.deadline == nil && stages.timerFiresAt == nil)
    }

    @Test("a request's stages move the deadline; the timer is rescheduled only when it must fire sooner, and looks again when it fires early")
    func requestStages() {
        let clock = ManualClock()
        let start = clock.now
        var stages = Stages(timeouts: Self.timeouts, clock: clock)
        #expect(stages.start() == .scheduleTimer(at: start.advanced(by: .seconds(60))))
        clock.advance(by: .seconds(5))
        // A first byte: the head's 10 s come sooner than the idle timer.
        #expect(stages.bytesArrived() == .scheduleTimer(at: start.advanced(by: .seconds(15))))
        #expect(stages.bytesArrived() == .none, "more bytes of the same head")
        clock.advance(by: .seconds(2))
        // The head is in: the body's 30 s end later than the timer, which stays.
        #expect(stages.headReceived() == .none)
        #expect(stages.stage == .body && stages.deadline == start.advanced(by: .seconds(37)))
        clock.advance(to: start.advanced(by: .seconds(15)))
        #expect(stages.timerFired() == .scheduleTimer(at: start.advanced(by: .seconds(37))), "fired early: looks again")
        clock.advance(by: .seconds(1))
        #expect(stages.requestReceived() == .none)
        #expect(stages.stage == .answering && stages.deadline == nil)
        // However long the answer takes, the connection stays open.
        clock.advance(to: start.advanced(by: .seconds(37)))
        #expect(stages.timerFired() == .none)
        clock.advance(by: .seconds(600))
        let answered = clock.now
        #expect(stages.answerSent() == .scheduleTimer(at: answered.advanced(by: .seconds(60))))
        #expect(stages.stage == .idle)
    }

    @Test("a head or a body that stalls is closed at its own limit")
    func stalledStages() {
        for (stalledIn, limit) in [(Stages.Stage.head, Duration.seconds(10)), (.body, .seconds(30))] {
            let clock = ManualClock()
            var stages = Stages(timeouts: Self.timeouts, clock: clock)
            _ = stages.start()
            _ = stages.bytesArrived()
            if stalledIn == .body { _ = stages.headReceived() }
            let deadline = clock.now.advanced(by: limit)
            #expect(stages.deadline == deadline)
            // A timer that fires a moment early does not close.
            clock.advance(to: deadline.advanced(by: .nanoseconds(-1)))
            #expect(stages.timerFired() == .scheduleTimer(at: deadline), "\(stalledIn)")
            clock.advance(to: deadline)
            #expect(stages.timerFired() == .close, "\(stalledIn)")
        }
    }

    @Test("an answer's end with a pipelined request already in keeps that request's stage; a closed connection times nothing")
    func pipelinedAndStopped() {
        let clock = ManualClock()
        var stages = Stages(timeouts: Self.timeouts, clock: clock)
        _ = stages.start()
        _ = stages.bytesArrived()
        _ = stages.headReceived()
        _ = stages.requestReceived()
        // The next request's head arrives before the first answer ends.
        _ = stages.headReceived()
        #expect(stages.answerSent() == .none)
        #expect(stages.stage == .body)
        stages.stop()
        // An answer's end written after the close, bytes, a head: none times anything.
        #expect(stages.answerSent() == .none && stages.bytesArrived() == .none && stages.headReceived() == .none)
        #expect(stages.requestReceived() == .none)
        #expect(stages.stage == .closed && stages.deadline == nil && stages.timerFiresAt == nil)
        clock.advance(by: .seconds(3600))
        #expect(stages.timerFired() == .none)
    }

    /// The events of a connection, as the handlers report them.
    enum Event: CaseIterable {
        case bytes, head, end, answered
    }

    @Test("whatever happens when: a connection closes exactly when the limit of the stage it is in runs out, never sooner, never later")
    func closesExactlyAtLimits() async {
        let script = PropertyBased.zip(Gen.int(in: 0...Event.allCases.count - 1), Gen.int(in: 0...22_000)).array(of: 1...40)
        await propertyCheck(count: 300, input: script) { steps in
            var timeouts = ConnectionTimeouts()
            (timeouts.idle, timeouts.head, timeouts.body) = (.seconds(20), .seconds(5), .seconds(12))
            let clock = ManualClock()
            var stages = Stages(timeouts: timeouts, clock: clock)
            var timer: ManualClock.Instant?
            var closedAt: ManualClock.Instant?
            func perform(_ action: Stages.Action) {
                switch action {
                case .none: break
                case .close: closedAt = clock.now; timer = nil
                case .scheduleTimer(let at): timer = at
                }
            }
            // The oracle: the stage as the events say, and when it began.
            var stage = Stages.Stage.idle
            var began = clock.now
            func limit(_ stage: Stages.Stage) -> Duration? {
                switch stage {
                case .idle: timeouts.idle
                case .head: timeouts.head
                case .body: timeouts.body
                case .answering, .closed: nil
                }
            }
            perform(stages.start())
            for (index, milliseconds) in steps {
                let next = clock.now.advanced(by: .milliseconds(milliseconds))
                let due = limit(stage).map { began.advanced(by: $0) }
                // The timer fires, perhaps several times, until the next event.
                while closedAt == nil, let at = timer, at <= next {
                    #expect(at >= clock.now, "a timer in the past")
                    clock.advance(to: at)
                    timer = nil
                    perform(stages.timerFired())
                }
                if let due, due <= next {
                    #expect(closedAt == due, "the \(stage) stage began at \(began) and was due at \(due); closed at \(String(describing: closedAt))")
                    return
                }
                #expect(closedAt == nil, "closed at \(String(describing: closedAt)) in the \(stage) stage, due at \(String(describing: due))")
                clock.advance(to: next)
                switch Event.allCases[index] {
                case .bytes:
                    perform(stages.bytesArrived())
                    if stage == .idle { (stage, began) = (.head, clock.now) }
                case .head:
                    perform(stages.headReceived())
                    (stage, began) = (.body, clock.now)
                case .end:
                    perform(stages.requestReceived())
                    (stage, began) = (.answering, clock.now)
                case .answered:
                    perform(stages.answerSent())
                    if stage == .answering { (stage, began) = (.idle, clock.now) }
                }
                #expect(stages.stage == stage)
                // Whenever a deadline runs, a timer fires at or before it.
                if let due = limit(stage).map({ began.advanced(by: $0) }) {
                    #expect(stages.deadline == due)
                    #expect(timer != nil && timer! <= due, "no timer fires by the deadline \(due): \(String(describing: timer))")
                }
            }
        }
    }
}
