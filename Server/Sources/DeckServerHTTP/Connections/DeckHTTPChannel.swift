import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// The server's connections: HTTP/1 with the server's own connection rules in front
/// (``ConnectionTimeouts`` and ``ConnectionRulesHandler``), of two kinds that the first request
/// tells apart (``EventStreamHandler``):
/// - a connection whose first request opens an event stream serves that stream from its event
///   loop, without a task, once the router has answered the request;
/// - every other connection gets Hummingbird's HTTP handling, unchanged.
///
/// Built on Hummingbird's public API for connection types (a ``ServerChildChannel`` whose
/// ``Value`` says what the connection turned out to be), as its WebSocket upgrade is.
struct DeckHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    /// What a connection is.
    enum Kind: Sendable {
        /// Anything but a stream's GET first: Hummingbird serves it.
        case http
        /// The GET of an event-stream path, read whole.
        case stream(HTTPRequest)
        /// Closed before its first request was read.
        case closed
    }

    /// A connection set up, and what it will turn out to be.
    struct Value: ServerChildChannelValue {
        let channel: any Channel
        let kind: EventLoopFuture<Kind>
        /// The handler that told the kind; `nil` for a connection refused at once.
        let handler: NIOLoopBound<EventStreamHandler>?
    }

    /// Hummingbird's responder: writes the answers of HTTP connections.
    let responder: HTTPChannelHandler.Responder
    private let settings: DeckConnectionSetup

    init(responder: @escaping HTTPChannelHandler.Responder, settings: DeckConnectionSetup) {
        self.responder = responder
        self.settings = settings
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            guard settings.connections.admit(channel) else {
                channel.close(promise: nil)
                return Value(channel: channel, kind: channel.eventLoop.makeSucceededFuture(.closed), handler: nil)
            }
            let deadlines = ConnectionDeadlines(timeouts: settings.timeouts, channel: channel)
            let handler = EventStreamHandler(paths: settings.streamPaths, writeTimeout: settings.streamWriteTimeout, eventLoop: channel.eventLoop)
            let pipeline = channel.pipeline.syncOperations
            do {
                try pipeline.addHandler(RequestStartHandler(deadlines: deadlines))
                try pipeline.configureHTTPServerPipeline(
                    withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                    withEncoderConfiguration: .init(), withDecoderLimitConfiguration: settings.headLimits)
                try pipeline.addHandler(ConnectionRulesHandler(deadlines: deadlines, drainTimeout: settings.timeouts.drain))
                try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                try pipeline.addHandler(handler)
                try pipeline.addHandler(HTTPConnectionStateHandler(logger: logger))
            } catch {
                handler.abandon()
                throw error
            }
            return Value(channel: channel, kind: handler.kind, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard let kind = try? await value.kind.get(), let handler = value.handler else { return }
        switch kind {
        case .closed:
            return
        case .http:
            await serveHTTP(value.channel, handler: handler, logger: logger)
        case .stream(let head):
            await serveStream(head, value.channel, handler: handler, logger: logger)
        }
    }

    /// Hands the connection to Hummingbird: its async channel is made only now, so that a
    /// connection the server never takes (accepted as it stops) holds none (an async channel's
    /// writer must be finished before it goes: apple/swift-nio#2813).
    private func serveHTTP(_ channel: any Channel, handler: NIOLoopBound<EventStreamHandler>, logger: Logger) async {
        let made = channel.eventLoop.submit { () -> NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>? in
            guard channel.isActive else { return nil }
            let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            handler.value.passOn()
            return asyncChannel
        }
        guard let asyncChannel = try? await made.get() else {
            // Closed meanwhile, or its async channel could not be made: nothing will serve it.
            channel.close(promise: nil)
            return
        }
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }

    /// Answers the stream request `head` through the router, as every request is answered:
    /// the stream its route opened is then served by the connection, and any other answer (a
    /// refusal) is written, after which the connection is an HTTP one.
    private func serveStream(_ head: HTTPRequest, _ channel: any Channel, handler: NIOLoopBound<EventStreamHandler>, logger: Logger) async {
        let takeover = EventStreamTakeover()
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let context = DeckRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        let response = await EventStreamTakeover.$current.withValue(takeover) {
            await settings.answer(request, context: context)
        }
        if response.status == .ok, let opened = takeover.claim() {
            var streamHead = response.head
            // The route's head has no body's length: the stream's body has none.
            streamHead.headerFields[.contentLength] = nil
            channel.eventLoop.execute { [streamHead] in handler.value.serve(opened, head: streamHead) }
            settings.openStreams.add(channel)
            return
        }
        // The route refused, or answered without a stream: its answer is written as it is.
        takeover.claim()?.stream.close()
        let bytes = await CollectedResponseBody.bytes(of: response.body)
        channel.eventLoop.execute { handler.value.answer(response.head, body: bytes) }
        await serveHTTP(channel, handler: handler, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the deck server's connection rules, and streams served without a task.
    static func deckHTTP1(_ settings: DeckConnectionSetup) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in DeckHTTPChannel(responder: responder, settings: settings) }
    }
}
