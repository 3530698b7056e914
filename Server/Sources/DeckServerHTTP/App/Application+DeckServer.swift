public import DeckService
public import Hummingbird
public import Logging
import NIOCore
public import ServiceLifecycle
import Foundation

/// Builds the deck server: the routes over `service`, the outer responder (CORS, errors as
/// JSON, access log, metrics), and the idle-record job.
///
/// `runService()` on the result serves until SIGTERM or SIGINT, then stops accepting
/// connections, finishes the requests in flight and stops the job; `storeService` (such as a
/// database's connection pool) runs beside them and stops after them, and the
/// ``LogFlushService`` that writes the log lines of ``LogOutput/standardError`` stops last.
public func buildDeckServer(
    settings: ServerSettings, service: DeckService, storeService: (any Service)? = nil, logger: Logger
) -> some ApplicationProtocol {
    let metrics = ServerMetrics()
    let registrar = makeRoutes(settings: settings, service: service, metrics: metrics)
    let responder = APIResponder(inner: registrar.router.buildResponder(), allowedOrigin: settings.corsOrigin, metrics: metrics, logger: logger)
    return Application(
        responder: responder,
        configuration: ApplicationConfiguration(
            address: .hostname(settings.host, port: settings.port), serverName: "deck-server"),
        // Services stop in reverse order, after the HTTP server: the store's, then the log's last.
        services: [LogFlushService()] + [storeService].compactMap { $0 }
            + [ExpiryService(service: service, settings: settings, logger: logger)],
        onServerRunning: { channel in
            // One line on standard output with the real port (useful with --port 0).
            let port = channel.localAddress?.port ?? settings.port
            FileHandle.standardOutput.write(Data("deck-server listening on http://\(settings.host):\(port)\n".utf8))
        },
        logger: logger)
}

/// Every route of the server, added to a new router.
func makeRoutes(settings: ServerSettings, service: DeckService, metrics: ServerMetrics) -> APIRegistrar {
    let publicURL = PublicURL(configured: settings.publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
    let registrar = APIRegistrar(publicURL: publicURL)
    DeckRoutes(service: service).add(to: registrar)
    PileRoutes(service: service).add(to: registrar)
    ImageRoutes(cache: CardImageCache(budget: settings.imageCacheBytes)).add(to: registrar)
    MemoryRoutes(service: service).add(to: registrar)
    PageRoutes(service: service, metrics: metrics).add(to: registrar)
    return registrar
}

/// The method and path of every route the server answers (`:name` marks a path parameter):
/// for tests that hold the OpenAPI description against the real routes.
package func deckServerRoutes() -> [(method: String, path: String)] {
    makeRoutes(settings: ServerSettings(), service: DeckService(store: InMemoryRecordStore()), metrics: ServerMetrics()).routes
}
