import NIOCore

/// Runs one connection's ``ConnectionStages`` on its event loop with the real clock: keeps its
/// one timer as the stages say, and closes the connection when a deadline passes.
///
/// Two handlers drive it, because no single place in the pipeline sees both raw bytes and
/// parsed requests: ``RequestStartHandler`` in front of the HTTP decoder, and
/// ``ConnectionRulesHandler`` behind it. Both run on the connection's event loop, as does
/// every method here.
final class ConnectionDeadlines {
    private var stages: ConnectionStages<ContinuousClock>
    private let channel: any Channel
    private var timer: Scheduled<Void>?

    init(timeouts: ConnectionTimeouts, channel: any Channel) {
        self.stages = ConnectionStages(timeouts: timeouts, clock: ContinuousClock())
        self.channel = channel
    }

    /// The connection's stage now.
    var stage: ConnectionStages<ContinuousClock>.Stage { stages.stage }

    /// The connection is open: the idle deadline runs.
    func start() { perform(stages.start()) }

    /// Bytes arrived: while idle, a request has begun.
    func bytesArrived() { perform(stages.bytesArrived()) }

    /// A request's head was read.
    func headReceived() { perform(stages.headReceived()) }

    /// A request's end was read: no deadline while it is answered.
    func requestReceived() { perform(stages.requestReceived()) }

    /// The answer's end was written: idle again, unless a pipelined request is already in.
    func answerSent() { perform(stages.answerSent()) }

    /// The connection closed: nothing more to time.
    func stop() {
        stages.stop()
        timer?.cancel()
        timer = nil
    }

    private func perform(_ action: ConnectionStages<ContinuousClock>.Action) {
        switch action {
        case .none:
            break
        case .close:
            timer?.cancel()
            timer = nil
            channel.close(promise: nil)
        case .scheduleTimer(let when):
            timer?.cancel()
            let delay = TimeAmount(max(.zero, ContinuousClock.now.duration(to: when)))
            timer = channel.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
                timer = nil
                perform(stages.timerFired())
            }
        }
    }
}
