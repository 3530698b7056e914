import Hummingbird
import NIOHTTP1

/// What every connection of the server is built with (see ``DeckHTTPChannel``).
struct DeckConnectionSetup: Sendable {
    /// How long a connection may stall at each stage.
    let timeouts: ConnectionTimeouts
    /// The most a request's head may hold; past it, 431.
    let headLimits: NIOHTTPDecoderLimitConfiguration
    /// The per-address connection limit.
    let connections: ConnectionsPerClient
    /// The event-stream paths a first request is matched against.
    let streamPaths: EventStreamRoutes
    /// How long a stream's client may take no bytes before its connection is reset.
    let streamWriteTimeout: Duration?
    /// The streams served without a task, which the server waits for when it stops.
    let openStreams: OpenStreamConnections
    /// The router, with its middlewares: it answers a first request that asks for a stream,
    /// as it answers every other request.
    let router: RouterResponder<DeckRequestContext>

    /// The router's answer to `request`. The router's middlewares map every error to an
    /// answer; one that still escapes them is a 500, as Hummingbird makes it.
    func answer(_ request: Request, context: DeckRequestContext) async -> Response {
        do {
            return try await router.respond(to: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return Response(status: .internalServerError)
        }
    }

    /// The limits on a request's head: Hummingbird's.
    static let defaultHeadLimits: NIOHTTPDecoderLimitConfiguration = {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = 80 * 1024
        limits.maxHeaderListSize = 80 * 1024
        limits.maxHeaderFieldCount = 1000
        return limits
    }()
}
