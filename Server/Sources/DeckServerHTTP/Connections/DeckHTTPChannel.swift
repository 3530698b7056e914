import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1
import Synchronization

/// Hummingbird's HTTP/1 channel with the server's own connection rules in front of it: the
/// stage deadlines of ``ConnectionTimeouts`` and the version-dependent rules of
/// ``ConnectionRulesHandler``; and, with `streams`, a connection whose first request opens an
/// event stream served without a task (``EventStreamHandler``).
struct DeckHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    private let base: HTTP1Channel
    private let timeouts: ConnectionTimeouts
    private let streams: EventStreamResponse?

    init(responder: @escaping HTTPChannelHandler.Responder, timeouts: ConnectionTimeouts, streams: EventStreamResponse?) {
        base = HTTP1Channel(responder: responder)
        self.timeouts = timeouts
        self.streams = streams
    }

    var responder: HTTPChannelHandler.Responder { base.responder }

    /// Connections set up and not yet handed to ``handle(value:)``, kept for the process's life.
    ///
    /// A connection accepted in the instant the server stops listening is set up, but the
    /// server's accept loop has ended and never takes it. NIO then traps ("Deinited
    /// NIOAsyncWriter without calling finish()", apple/swift-nio#2813) when the connection
    /// becomes active and the last reference to its unused writer goes. Held here, it is never
    /// released: the connection stays unanswered, as one still in the listening socket's queue
    /// would, until the process exits a moment later (the server does not wait for it), and
    /// the server exits cleanly. Only a stop leaves entries behind (or a setup failing after
    /// the line that adds one, which does not happen with a new pipeline). The cost is a lock
    /// per connection, not per request.
    private static let unclaimed = Mutex<[ObjectIdentifier: Value]>([:])

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            Self.unclaimed.withLock { $0[ObjectIdentifier(channel)] = value }
            let deadlines = ConnectionDeadlines(timeouts: timeouts, channel: channel)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(RequestStartHandler(deadlines: deadlines), position: .first)
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(ConnectionRulesHandler(deadlines: deadlines, drainTimeout: timeouts.drain), position: .before(codec))
            if let streams {
                let handler = EventStreamHandler(routes: streams.routes, writeTimeout: streams.writeTimeout, eventLoop: channel.eventLoop)
                try pipeline.addHandler(handler, position: .after(codec))
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        Self.unclaimed.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(value.channel)) }
        if let streams, await serveStream(value, streams: streams, logger: logger) { return }
        await base.handle(value: value, logger: logger)
    }

    /// Opens and hands over the stream the connection's first request asks for; `false` when it
    /// asks for none, or its route refuses it (the router then answers it).
    private func serveStream(_ value: Value, streams: EventStreamResponse, logger: Logger) async -> Bool {
        let channel = value.channel
        // The handler lives on the connection's event loop: it is reached there, not passed out.
        func onHandler(_ body: @escaping @Sendable (EventStreamHandler?) -> Void) {
            channel.eventLoop.execute { body(try? channel.pipeline.syncOperations.handler(type: EventStreamHandler.self)) }
        }
        let first = channel.eventLoop.flatSubmit { () -> EventLoopFuture<EventStreamHandler.FirstRequest> in
            guard let handler = try? channel.pipeline.syncOperations.handler(type: EventStreamHandler.self) else {
                return channel.eventLoop.makeSucceededFuture(.other)
            }
            return handler.firstRequest
        }
        guard case .stream(let head) = try? await first.get() else { return false }
        guard let (opened, headers) = await streams.openFirst(head, channel: channel, logger: logger) else {
            onHandler { $0?.decline() }
            return false
        }
        onHandler { handler in
            // A connection gone meanwhile (its pipeline taken down) gives the stream's place back.
            guard let handler else { return opened.stream.close() }
            handler.serve(opened, headers: headers)
        }
        // Hummingbird's side of the connection is let go without closing it: its reads stop,
        // and its writer, never used, is finished (as it must be before it goes).
        value.finishOutbound()
        return true
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the deck server's connection rules and `timeouts`, and `streams` served
    /// without a task when a connection's first request opens one.
    static func deckHTTP1(timeouts: ConnectionTimeouts, streams: EventStreamResponse?) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in DeckHTTPChannel(responder: responder, timeouts: timeouts, streams: streams) }
    }
}

/// `NIOAsyncChannel`'s writer outside `executeThenClose`, which would close the connection that
/// an ``EventStreamHandler`` goes on serving.
private protocol FinishableOutbound {
    associatedtype Outbound: Sendable
    var outbound: NIOAsyncChannelOutboundWriter<Outbound> { get }
}

extension NIOAsyncChannel: FinishableOutbound {}

extension FinishableOutbound {
    func finishOutbound() { outbound.finish() }
}
