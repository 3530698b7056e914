import NIOCore

/// One connection's stage and the deadline that goes with it: ``ConnectionTimeouts/idle``
/// while no request is under way, ``ConnectionTimeouts/head`` from a request's first byte,
/// ``ConnectionTimeouts/body`` from the end of its head, none while it is answered. When the
/// deadline passes, the connection is closed.
///
/// Two handlers drive it, because no single place in the pipeline sees both raw bytes and
/// parsed requests: ``RequestStartHandler`` in front of the HTTP decoder, and
/// ``ConnectionRulesHandler`` behind it. Both run on the connection's event loop, as does
/// every method here.
final class ConnectionDeadlines {
    enum Stage {
        case idle, head, body, answering
    }

    private let timeouts: ConnectionTimeouts
    private let channel: any Channel
    private(set) var stage = Stage.idle
    /// Whether the answer being written is an event stream, which runs until its client goes
    /// away: the end of the client's input then closes the connection (see
    /// ``RequestStartHandler``), instead of waiting for an answer that never ends.
    var answeringWithEventStream = false
    /// When the current stage must end; `nil` while answering.
    private var deadline: NIODeadline?
    /// The one timer: it fires at or before ``deadline`` and then looks again. A stage change
    /// only moves the deadline, and reschedules the timer only when the deadline comes sooner,
    /// so that a request costs no timer work in the usual case (it did cost 4 % of the
    /// server's time when each stage scheduled its own).
    private var timer: Scheduled<Void>?
    private var timerFiresAt: NIODeadline?

    init(timeouts: ConnectionTimeouts, channel: any Channel) {
        self.timeouts = timeouts
        self.channel = channel
    }

    /// The connection is open: the idle deadline runs.
    func start() { enter(.idle) }

    /// Bytes arrived: while idle, a request has begun.
    func bytesArrived() { if stage == .idle { enter(.head) } }

    /// A request's head was read.
    func headReceived() { enter(.body) }

    /// A request's end was read: no deadline while it is answered.
    func requestReceived() { enter(.answering) }

    /// The answer's end was written: idle again, unless a pipelined request is already in.
    func answerSent() { if stage == .answering { enter(.idle) } }

    /// The connection closed: nothing more to time.
    func stop() {
        timer?.cancel()
        timer = nil
        timerFiresAt = nil
        deadline = nil
    }

    private func enter(_ next: Stage) {
        stage = next
        let limit: Duration? = switch next {
        case .idle: timeouts.idle
        case .head: timeouts.head
        case .body: timeouts.body
        case .answering: nil
        }
        deadline = limit.map { .now() + TimeAmount($0) }
        if let deadline, timerFiresAt.map({ deadline < $0 }) ?? true { schedule(at: deadline) }
    }

    private func schedule(at when: NIODeadline) {
        timer?.cancel()
        timerFiresAt = when
        timer = channel.eventLoop.assumeIsolated().scheduleTask(deadline: when) { [self] in
            timer = nil
            timerFiresAt = nil
            guard let deadline else { return }  // answering: the next stage schedules again
            if deadline <= .now() {
                channel.close(promise: nil)
            } else {
                schedule(at: deadline)
            }
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// The first handler of a connection: tells ``ConnectionDeadlines`` when bytes arrive, so that
/// a request's head is timed from its first byte.
final class RequestStartHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let deadlines: ConnectionDeadlines

    init(deadlines: ConnectionDeadlines) {
        self.deadlines = deadlines
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        deadlines.bytesArrived()
        context.fireChannelRead(data)
    }

    // The server lets clients half-close (send their end and still read the answer), and NIO's
    // HTTP pipeline holds that news back until the answer in flight ends; an event stream
    // never ends by itself, so its client's going away is seen here, in front of the decoder.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, deadlines.answeringWithEventStream {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
