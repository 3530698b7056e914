import Hummingbird
import NIOCore

/// What every handler and middleware knows of a request besides the request itself: the core
/// context, and the address of the peer that sent it (for per-client limits).
struct DeckRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection, whose address is read only when a request needs it (to make a deck or
    /// a game, under the per-client limit), not for every request.
    private let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }

    /// The connection's peer: the client, or the proxy in front of the server.
    var remoteAddress: SocketAddress? { channel.remoteAddress }

    /// Calls `body` once the connection has closed: for answers that run until the client goes
    /// away (event streams), which otherwise learn of it only at their next write.
    func whenConnectionCloses(_ body: @escaping @Sendable () -> Void) {
        channel.closeFuture.whenComplete { _ in body() }
    }

    /// Readies the connection for an event stream: see ``EventStreamConnection``.
    func prepareForEventStream(writeTimeout: Duration?) async {
        await EventStreamConnection.prepare(channel, writeTimeout: writeTimeout)
    }
}
