import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

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

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let deadlines = ConnectionDeadlines(timeouts: timeouts, channel: channel)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(RequestStartHandler(deadlines: deadlines), position: .first)
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(ConnectionRulesHandler(deadlines: deadlines), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the deck server's connection rules and `timeouts`.
    static func deckHTTP1(timeouts: ConnectionTimeouts) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in DeckHTTPChannel(responder: responder, timeouts: timeouts) }
    }
}
