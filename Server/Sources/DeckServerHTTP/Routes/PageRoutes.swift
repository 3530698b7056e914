import DeckService
import Hummingbird

/// The API description, health and metrics (the pages are ``PageAssets``).
struct PageRoutes: Sendable {
    let service: DeckService
    let metrics: ServerMetrics
    /// The event streams' places: the open streams' count.
    let streamPlaces: StreamPlaces

    func add(to router: APIRegistrar) {
        router.get("/openapi.json") { _, _ in Self.file(PackageResources.openapi_json, type: "application/json") }
        router.get("/healthz") { request, context in
            do {
                try await service.checkHealth()
                return try HealthJSON().response(from: request, context: context)
            } catch let error as ServiceError {
                context.logger.warning("not ready", metadata: ["error": "\(error)"])
                return try ErrorJSON("not ready: \(error.apiMessage)", status: .serviceUnavailable).response(from: request, context: context)
            }
        }
        let uploads = router.uploads
        router.get("/metrics") { _, _ in
            metrics.recordUploads(inProgress: uploads.count)
            if let counts = try? await service.storedCounts() {
                metrics.recordStored(decks: counts.decks, games: counts.games, tables: counts.tables)
            }
            let events = service.events
            metrics.recordStreams(open: streamPlaces.open, sent: events.tally.sent, dropped: events.tally.dropped)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.text())))
        }
    }

    /// A response with an embedded file.
    static func file(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

