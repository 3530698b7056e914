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
    private var deadline: Scheduled<Void>?

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
        deadline?.cancel()
        deadline = nil
    }

    private func enter(_ next: Stage) {
        stage = next
        deadline?.cancel()
        let limit: Duration? = switch next {
        case .idle: timeouts.idle
        case .head: timeouts.head
        case .body: timeouts.body
        case .answering: nil
        }
        guard let limit else { deadline = nil; return }
        let channel = channel
        deadline = channel.eventLoop.scheduleTask(in: TimeAmount(limit)) { channel.close(promise: nil) }
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
}
