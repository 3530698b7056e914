import Hummingbird
import NIOCore

/// What every handler and middleware knows of a request besides the request itself: the core
/// context, and the address of the peer that sent it (for per-client limits).
struct DeckRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection's peer: the client, or the proxy in front of the server.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
