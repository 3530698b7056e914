public import DeckService
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
import Foundation
import DeckStoreSupport

/// Builds the deck server: the router with its middlewares and routes over `service`, and the
/// idle-record job.
///
/// `runService()` on the result serves until SIGTERM or SIGINT, then stops accepting
/// connections, finishes the requests in flight and stops the job; `storeService` (such as a
/// database's connection pool) runs beside them and stops after them, and the
/// ``LogFlushService`` that writes the log lines of ``LogOutput/standardError`` stops last.
public func buildDeckServer(
    settings: ServerSettings, service: DeckService, storeService: (any Service)? = nil, logger: Logger
) -> some ApplicationProtocol {
    let (router, _, streams) = buildRouter(settings: settings, service: service, metrics: ServerMetrics(), logger: logger)
    let responder = router.buildResponder()
    let openStreams = OpenStreamConnections()
    let connections = DeckConnectionSetup(
        timeouts: settings.timeouts, headLimits: DeckConnectionSetup.defaultHeadLimits,
        connections: ConnectionsPerClient(limit: settings.trustProxy ? nil : settings.maxConnectionsPerClient),
        streamPaths: streams.routes, streamWriteTimeout: settings.streamWriteTimeout, openStreams: openStreams, router: responder)
    return Application(
        responder: responder,
        server: .deckHTTP1(connections),
        configuration: ApplicationConfiguration(
            address: .hostname(settings.host, port: settings.port), serverName: "deck-server",
            availableConnectionsDelegate: MaximumAvailableConnections(
                settings.maxConnections ?? FileLimit.defaultMaxConnections(files: FileLimit.softLimit()), logger: logger)),
        // Services stop in reverse order, after the HTTP server (whose table event streams end
        // at its graceful shutdown): the streams served without a task are waited for, then
        // the table events stop, the store's, and the log's last.
        services: [LogFlushService()] + [storeService].compactMap { $0 }
            + [TableEventService(events: service.events), ExpiryService(service: service, settings: settings, logger: logger),
               StreamDrainService(streams: openStreams)],
        onServerRunning: { channel in
            // One line on standard output with the real port (useful with --port 0).
            let port = channel.localAddress?.port ?? settings.port
            FileHandle.standardOutput.write(Data("deck-server listening on http://\(settings.host):\(port)\n".utf8))
        },
        logger: logger)
}

/// The router: the middlewares every answer passes through, outermost first, then every route.
///
/// The access log (only when the log level writes it) and metrics see every answer, errors
/// included; CORS adds its header (and answers preflight); the error middleware turns every
/// error into a JSON answer, and the innermost one answers unknown paths and wrong methods.
/// `Host` and `nosniff` are handled for every connection by ``ConnectionRulesHandler``.
func buildRouter(
    settings: ServerSettings, service: DeckService, metrics: ServerMetrics, logger: Logger
) -> (router: Router<DeckRequestContext>, routes: RouteTable, streams: EventStreamResponse) {
    let router = Router(context: DeckRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routes = RouteTable()
    if logger.logLevel <= .info { router.add(middleware: AccessLogMiddleware(logger: logger)) }
    router.add(middleware: MetricsRecordingMiddleware(metrics: metrics))
    if let origin = settings.corsOrigin {
        router.add(middleware: CORSMiddleware(
            allowOrigin: origin == "*" ? .all : .custom(origin),
            allowHeaders: [.accept, .authorization, .contentType, .origin],
            allowMethods: [.get, .head, .post, .options],
            maxAge: .seconds(86400)))
    }
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: UnknownPathMiddleware(routes: routes))

    let publicURL = PublicURL(
        configured: settings.publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }, trustsProxy: settings.trustProxy)
    let registrar = APIRegistrar(
        router: router, publicURL: publicURL, routes: routes,
        creationLimiter: settings.creationsPerMinute.map { ClientBudget(capacity: $0, window: .seconds(60)) },
        service: service, strictByDefault: settings.strict)
    DeckRoutes().add(to: registrar)
    PileRoutes().add(to: registrar)
    ImageRoutes(cache: CardImageCache(budget: settings.imageCacheBytes, renderers: settings.imageRenderers, queue: settings.imageQueue)).add(to: registrar)
    MemoryRoutes().add(to: registrar)
    let streams = EventStreamResponse(
        events: service.events, places: StreamPlaces(maxStreams: settings.streamLimit, maxStreamsPerClient: settings.maxStreamsPerClient),
        writeTimeout: settings.streamWriteTimeout, trustsProxy: settings.trustProxy)
    TableRoutes(streams: streams).add(to: registrar)
    TabletopRoutes(streams: streams).add(to: registrar)
    TableSettingsRoutes(
        streams: streams, decoder: .backgroundDecoder, backgrounds: BackgroundImageCache(budget: settings.backgroundCacheBytes, lifetime: settings.backgroundLifetime),
        uploads: settings.uploadBytesPerDay.map { ClientBudget(capacity: $0, window: .seconds(86_400)) }, trustsProxy: settings.trustProxy
    ).add(to: registrar)
    PageRoutes(service: service, metrics: metrics, streamPlaces: streams.places).add(to: registrar)
    PageAssets.add(to: registrar)
    return (router, routes, streams)
}

/// The method and path of every route the server answers (`:name` marks a path parameter):
/// for tests that hold the OpenAPI description against the real routes.
package func deckServerRoutes() -> [(method: String, path: String)] {
    let service = DeckService(store: InMemoryRecordStore())
    return buildRouter(settings: ServerSettings(), service: service,
                       metrics: ServerMetrics(), logger: Logger(label: "routes")).routes.routes
}

extension NIOThreadPool {
    /// The one thread that decodes uploaded background images: a flood of uploads takes one
    /// core at most, and the requests' threads never decode.
    static let backgroundDecoder: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()
}
