import DeckService
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Serves the event stream a connection's first request opens, from the connection's event
/// loop, without a task: so that an open stream costs its connection and its mailbox, not the
/// async frames of a request's task (about 30 KiB a stream, which a task keeps until it ends).
///
/// It sits after the conversion to HTTP types, before Hummingbird's handler. A first request
/// that is a GET of an event-stream route (``EventStreamRoutes``) is held here and
/// ``firstRequest`` says so; the connection's task (``DeckHTTPChannel``) then opens the stream
/// and hands it over (``serve(_:headers:)``), and ends without closing the connection. If the
/// stream cannot be opened, ``decline()`` passes the request on to the router, whose route
/// answers the error. Any other first request, and everything after it, passes straight on.
///
/// A served stream writes what its mailbox gives whenever the connection can take more,
/// keeps reading (to hear the client leave), and ends the connection when the stream ends:
/// its table deleted, the server stopping (``StreamsShouldEnd``), or the client gone.
final class EventStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What the connection's first request turned out to be.
    enum FirstRequest: Sendable {
        /// Anything but a stream's GET, or the connection closed first: the router serves it.
        case other
        /// The GET of an event-stream route, held here until ``serve(_:headers:)`` or ``decline()``.
        case stream(HTTPRequest)
    }

    /// The server is stopping: every stream served here ends (the connection rules pass it on).
    struct StreamsShouldEnd {}

    private enum State {
        case awaitingFirst
        /// A stream's request read up to its head; its end, and whatever comes after, are held.
        case holding(HTTPRequest, after: [HTTPRequestPart], complete: Bool)
        case passing
        case streaming(OpenedEventStream)
        case ended
    }

    private let routes: EventStreamRoutes
    private let writeTimeout: Duration?
    private var state = State.awaitingFirst
    private let first: EventLoopPromise<FirstRequest>
    private var firstTold = false
    private var inactive = false
    /// The client has half-closed: a stream served ends at once.
    private var inputClosed = false
    private var context: ChannelHandlerContext?

    init(routes: EventStreamRoutes, writeTimeout: Duration?, eventLoop: any EventLoop) {
        self.routes = routes
        self.writeTimeout = writeTimeout
        first = eventLoop.makePromise()
    }

    /// What the first request is, once it has been read whole (or the connection closed).
    var firstRequest: EventLoopFuture<FirstRequest> { first.futureResult }

    private func tell(_ request: FirstRequest) {
        guard !firstTold else { return }
        firstTold = true
        first.succeed(request)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        tell(.other)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch state {
        case .awaitingFirst:
            if case .head(let head) = part, head.method == .get, let path = head.path,
               routes.route(for: path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) != nil {
                state = .holding(head, after: [], complete: false)
            } else {
                state = .passing
                tell(.other)
                context.fireChannelRead(data)
            }
        case .holding(let head, var after, let complete):
            if complete {
                after.append(part)
                state = .holding(head, after: after, complete: true)
            } else if case .end = part {
                state = .holding(head, after: [], complete: true)
                tell(.stream(head))
            }
            // A body of the GET is dropped.
        case .passing:
            context.fireChannelRead(data)
        case .streaming, .ended:
            // A stream's client has nothing more to say; what it sends is dropped.
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        switch state {
        case .streaming, .ended:
            // Hummingbird's handler, no longer read from, stops asking for reads: ask here, so
            // that the client's leaving is heard at once.
            context.read()
        default:
            context.fireChannelReadComplete()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        inactive = true
        if case .streaming(let opened) = state {
            state = .ended
            opened.stream.close()
        }
        tell(.other)
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { send(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if (event as? ChannelEvent) == .inputClosed { inputClosed = true }
        if case .streaming(let opened) = state, event is StreamsShouldEnd || inputClosed {
            opened.stream.close()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard case .streaming(let opened) = state else {
            context.fireErrorCaught(error)
            return
        }
        state = .ended
        opened.stream.close()
        context.close(promise: nil)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Hummingbird's writer, finished when the stream is handed over here, half-closes the
        // connection: the stream goes on writing on it.
        switch (mode, state) {
        case (.output, .streaming), (.output, .holding):
            promise?.succeed(())
            return
        default:
            break
        }
        context.close(mode: mode, promise: promise)
    }

    /// Serves `opened` on the connection, answering its held request with `headers`; on the
    /// connection's event loop.
    func serve(_ opened: OpenedEventStream, headers: HTTPFields) {
        guard case .holding = state, !inactive, let context else {
            opened.stream.close()
            return
        }
        state = .streaming(opened)
        try? EventStreamConnection.prepareOnEventLoop(context.channel, writeTimeout: writeTimeout)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: headers))), promise: nil)
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
        if inputClosed { opened.stream.close() }
    }

    /// Passes the held request (and whatever came after it) on to the router; on the
    /// connection's event loop.
    func decline() {
        guard case .holding(let head, let after, _) = state, let context else { return }
        state = .passing
        context.fireChannelRead(wrapInboundOut(.head(head)))
        context.fireChannelRead(wrapInboundOut(.end(nil)))
        for part in after { context.fireChannelRead(wrapInboundOut(part)) }
        context.fireChannelReadComplete()
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
