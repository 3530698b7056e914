import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1
import Synchronization

/// Hummingbird's HTTP/1 channel with the server's own connection rules in front of it: the
/// stage deadlines of ``ConnectionTimeouts`` and the version-dependent rules of
/// ``ConnectionRulesHandler``.
struct DeckHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    private let base: HTTP1Channel
    private let timeouts: ConnectionTimeouts

    init(responder: @escaping HTTPChannelHandler.Responder, timeouts: ConnectionTimeouts) {
        base = HTTP1Channel(responder: responder)
        self.timeouts = timeouts
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
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        Self.unclaimed.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(value.channel)) }
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the deck server's connection rules and `timeouts`.
    static func deckHTTP1(timeouts: ConnectionTimeouts) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in DeckHTTPChannel(responder: responder, timeouts: timeouts) }
    }
}
