import DeckService
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Tells what a connection is by its first request, and serves the event stream of one whose
/// first request opens a stream, from the connection's event loop, without a task: so that an
/// open stream costs its connection and its mailbox, not the async frames of a request's task
/// (about 30 KiB a stream, which a task keeps until it ends).
///
/// It sits after the conversion to HTTP types. Until ``DeckHTTPChannel`` has decided, it holds
/// what it reads and reads no more:
/// - a first request that is a GET of an event-stream path (``EventStreamRoutes``) is held
///   whole, and ``kind`` says ``DeckHTTPChannel/Kind/stream(_:)``; the channel answers it
///   through the router and either hands the stream over (``serve(_:head:)``) or writes the
///   route's answer (``answer(_:body:)``) and then serves the connection as HTTP;
/// - any other first request makes it ``DeckHTTPChannel/Kind/http``; the channel sets up
///   Hummingbird's HTTP handling and calls ``passOn()``, which hands on what was held.
///
/// A served stream writes what its mailbox gives whenever the connection can take more, and
/// ends the connection when the stream ends: its table deleted, the server stopping
/// (``StreamsShouldEnd``), or the client gone. It reads on, to hear the client leave; a client
/// that sends anything more on a stream's connection is not speaking HTTP to it (the answer
/// never ends), and its connection is closed at once, so that nothing it sends piles up.
final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The server is stopping: every stream served here ends (the connection rules pass it on).
    struct StreamsShouldEnd {}

    private enum State {
        case awaitingFirst
        /// A stream's GET, read up to its head or (`complete`) its end; what follows is held.
        case holdingStream(HTTPRequest, complete: Bool, after: [HTTPRequestPart])
        /// Any other first request, and what follows it, held until Hummingbird takes over.
        case holdingHTTP([HTTPRequestPart])
        /// Hummingbird serves the connection: everything passes.
        case passing
        case streaming(OpenedEventStream)
        case ended
    }

    private let paths: EventStreamRoutes
    private let writeTimeout: Duration?
    private var state = State.awaitingFirst
    private let decided: EventLoopPromise<DeckHTTPChannel.Kind>
    private var told = false
    /// A read the channel asked for while the handler held its input.
    private var readWanted = false
    /// An error from reading (a malformed body) that came while input was held: it follows
    /// the held parts.
    private var heldError: (any Error)?
    private var inactive = false
    /// The client has half-closed: a stream served ends at once, and an HTTP connection hears
    /// it after what was held.
    private var inputClosed = false
    /// The server began to stop before a stream was served: it ends as soon as it starts.
    private var streamsShouldEnd = false
    private var context: ChannelHandlerContext?

    init(paths: EventStreamRoutes, writeTimeout: Duration?, eventLoop: any EventLoop) {
        self.paths = paths
        self.writeTimeout = writeTimeout
        decided = eventLoop.makePromise()
    }

    /// What the connection is, once its first request tells it (or the connection has closed).
    var kind: EventLoopFuture<DeckHTTPChannel.Kind> { decided.futureResult }

    private func tell(_ kind: DeckHTTPChannel.Kind) {
        guard !told else { return }
        told = true
        decided.succeed(kind)
    }

    private var holding: Bool {
        switch state {
        case .holdingStream(_, let complete, _): complete
        case .holdingHTTP: true
        default: false
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        tell(.closed)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch state {
        case .awaitingFirst:
            if case .head(let head) = part, head.method == .get, let path = head.path, paths.matches(path) {
                state = .holdingStream(head, complete: false, after: [])
            } else {
                state = .holdingHTTP([part])
                tell(.http)
            }
        case .holdingStream(let head, let complete, var after):
            if complete {
                after.append(part)
                state = .holdingStream(head, complete: true, after: after)
            } else if case .end = part {
                state = .holdingStream(head, complete: true, after: [])
                tell(.stream(head))
            }
            // A body of the GET is dropped.
        case .holdingHTTP(var held):
            held.append(part)
            state = .holdingHTTP(held)
        case .passing:
            context.fireChannelRead(data)
        case .streaming(let opened):
            // The stream's request was whole: anything more is not HTTP this server answers.
            state = .ended
            opened.stream.close()
            context.close(promise: nil)
        case .ended:
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if case .passing = state { context.fireChannelReadComplete() }
    }

    func read(context: ChannelHandlerContext) {
        // Held input is bounded by what one read brought: no more is read until it is let go.
        if holding {
            readWanted = true
            return
        }
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        inactive = true
        if case .streaming(let opened) = state {
            state = .ended
            opened.stream.close()
        }
        tell(.closed)
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { send(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        let isInputClosed = (event as? ChannelEvent) == .inputClosed
        if isInputClosed { inputClosed = true }
        if event is StreamsShouldEnd { streamsShouldEnd = true }
        switch state {
        case .streaming(let opened):
            if streamsShouldEnd || inputClosed { opened.stream.close() }
        case .awaitingFirst, .holdingStream, .holdingHTTP:
            // Hummingbird's handlers are not there yet: the half-close waits for passOn().
            if isInputClosed { return }
        case .passing, .ended:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The channel could not be set up around the handler: nothing will be decided.
    func abandon() {
        tell(.closed)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch state {
        case .holdingStream(let head, false, _):
            // The GET's own request failed to read: it is Hummingbird's to answer.
            state = .holdingHTTP([.head(head)])
            heldError = error
            tell(.http)
        case .holdingStream, .holdingHTTP:
            heldError = heldError ?? error
        case .streaming(let opened):
            state = .ended
            opened.stream.close()
            context.close(promise: nil)
        case .awaitingFirst, .passing, .ended:
            context.fireErrorCaught(error)
        }
    }

    /// Serves `opened` on the connection, answering its held request with `head`; on the
    /// connection's event loop.
    func serve(_ opened: OpenedEventStream, head: HTTPResponse) {
        guard case .holdingStream(_, _, let after) = state, !inactive, let context else {
            opened.stream.close()
            return
        }
        guard after.isEmpty else {
            // The client sent more after the stream's request, which a stream never answers.
            state = .ended
            opened.stream.close()
            context.close(promise: nil)
            return
        }
        state = .streaming(opened)
        try? EventStreamConnection.prepareOnEventLoop(context.channel, writeTimeout: writeTimeout)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.body(EventStreamResponse.retryHint)), promise: nil)
        let loop = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let wakeups = EventLoopWakeups.of(context.eventLoop)
        opened.stream.whenReady {
            wakeups.run {
                let (handler, context) = loop.value
                handler.send(context: context)
            }
        }
        context.read()
        if inputClosed || streamsShouldEnd { opened.stream.close() }
    }

    /// Writes `head` and `body` as the answer to the held stream request (the route refused
    /// the stream); on the connection's event loop. What came after the request stays held
    /// for ``passOn()``.
    func answer(_ head: HTTPResponse, body: ByteBuffer) {
        guard case .holdingStream(_, _, let after) = state, !inactive, let context else { return }
        state = .holdingHTTP(after)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Hands on what was held to the handlers behind (Hummingbird's, now set up), and
    /// everything after it; on the connection's event loop.
    func passOn() {
        guard case .holdingHTTP(let held) = state, let context else { return }
        state = .passing
        for part in held { context.fireChannelRead(wrapInboundOut(part)) }
        if !held.isEmpty { context.fireChannelReadComplete() }
        if let heldError {
            self.heldError = nil
            context.fireErrorCaught(heldError)
        }
        if inputClosed { context.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
        if readWanted {
            readWanted = false
            context.read()
        }
    }

    /// Writes what the stream has ready while the connection takes more; ends the answer and
    /// the connection when the stream is over.
    private func send(context: ChannelHandlerContext) {
        guard case .streaming(let opened) = state else { return }
        var wrote = false
        while context.channel.isWritable, let event = opened.stream.poll() {
            if case .closed = event {
                state = .ended
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
                return
            }
            do {
                guard let bytes = try opened.bytes(of: event) else { continue }
                context.write(wrapOutboundOut(.body(bytes)), promise: nil)
                opened.written(event)
                wrote = true
            } catch {
                state = .ended
                opened.stream.close()
                context.close(promise: nil)
                return
            }
        }
        if wrote { context.flush() }
    }
}
