/// One connection's stage and its deadline, apart from any event loop: each event returns what
/// must happen to the connection's one timer, and the clock is a parameter, so that tests move
/// time themselves instead of waiting for it. ``ConnectionDeadlines`` runs it on the
/// connection's event loop with `ContinuousClock`.
///
/// The stages: ``ConnectionTimeouts/idle`` while no request is under way,
/// ``ConnectionTimeouts/head`` from a request's first byte, ``ConnectionTimeouts/body`` from the
/// end of its head, none while it is answered. When the deadline has passed as the timer fires,
/// the connection is to be closed.
///
/// A stage change only moves the deadline; the timer is rescheduled only when the new deadline
/// comes sooner than the timer, and a timer that fires early looks again. So a request costs no
/// timer work in the usual case (it did cost 4 % of the server's time when each stage
/// scheduled its own).
struct ConnectionStages<C: Clock> where C.Duration == Duration {
    /// Where the connection is: no request under way, a head or a body being read, an answer
    /// being written, or closed (nothing is timed any more).
    enum Stage: Equatable {
        case idle, head, body, answering, closed
    }

    /// What the connection's timer must do.
    enum Action: Equatable {
        /// Nothing changes.
        case none
        /// Replace any timer with one that fires at this instant, and then call
        /// ``timerFired()``.
        case scheduleTimer(at: C.Instant)
        /// Close the connection: its deadline passed.
        case close
    }

    /// The limit of each stage.
    let timeouts: ConnectionTimeouts
    /// The clock the deadlines are read on.
    let clock: C
    private(set) var stage = Stage.idle
    /// When the current stage must end; `nil` while answering and once stopped.
    private(set) var deadline: C.Instant?
    /// When the timer fires, if one is scheduled.
    private(set) var timerFiresAt: C.Instant?

    init(timeouts: ConnectionTimeouts, clock: C) {
        self.timeouts = timeouts
        self.clock = clock
    }

    /// The connection is open: the idle deadline runs.
    mutating func start() -> Action { enter(.idle) }

    /// Bytes arrived: while idle, a request has begun.
    mutating func bytesArrived() -> Action { stage == .idle ? enter(.head) : .none }

    /// A request's head was read.
    mutating func headReceived() -> Action { stage == .closed ? .none : enter(.body) }

    /// A request's end was read: no deadline while it is answered.
    mutating func requestReceived() -> Action { stage == .closed ? .none : enter(.answering) }

    /// The answer's end was written: idle again, unless a pipelined request is already in.
    mutating func answerSent() -> Action { stage == .answering ? enter(.idle) : .none }

    /// The connection closed: nothing more to time (the caller cancels its timer), whatever
    /// events still come.
    mutating func stop() {
        stage = .closed
        deadline = nil
        timerFiresAt = nil
    }

    /// The timer fired: close when the deadline has passed, look again at a later deadline.
    mutating func timerFired() -> Action {
        timerFiresAt = nil
        guard let deadline else { return .none }  // answering: the next stage schedules again
        if deadline <= clock.now {
            stop()
            return .close
        }
        timerFiresAt = deadline
        return .scheduleTimer(at: deadline)
    }

    private mutating func enter(_ next: Stage) -> Action {
        stage = next
        let limit: Duration? = switch next {
        case .idle: timeouts.idle
        case .head: timeouts.head
        case .body: timeouts.body
        case .answering, .closed: nil
        }
        deadline = limit.map { clock.now.advanced(by: $0) }
        guard let deadline, timerFiresAt.map({ deadline < $0 }) ?? true else { return .none }
        timerFiresAt = deadline
        return .scheduleTimer(at: deadline)
    }
}
