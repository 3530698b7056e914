import DeckService
import Hummingbird
import NIOCore
import NIOPosix

/// The creator's settings of a table, and what watchers see:
/// - `POST /api/table/:table_id/felt/watch` makes a new watch link (`enabled=false`: turns
///   watching off); `GET /api/watch/:watch_key` is the table as a watcher sees it, `…/events`
///   its event stream and `…/background/:number` its background;
/// - `POST /api/table/:table_id/felt/colour` sets the felt's colour (`colour=#rrggbb`; empty for
///   the page's own);
/// - `POST /api/table/:table_id/felt/background` uploads a background image (the body: a PNG
///   or JPEG of at most 4 MiB and 4096 px, sent as it is, not as a form), or with
///   `remove=true` removes it; `GET /api/table/:table_id/background/:number` serves it.
///
/// Uploads are decoded and re-encoded without their metadata on a thread of their own, one at a
/// time, at most 8 in progress at once and 2 from one address (``UploadsInProgress``); the
/// server never fetches an image from a URL.
struct TableSettingsRoutes {
    let streams: EventStreamResponse
    /// Where uploads are decoded: one thread, so a flood of uploads takes one core at most.
    let decoder: NIOThreadPool
    /// The background images served, held in memory.
    let backgrounds: BackgroundImageCache
    /// The bytes of background images one client address may have stored a day; `nil` for no
    /// limit.
    let uploads: ClientBudget?
    /// Whether a client is told apart by `X-Forwarded-For` (see ``ClientAddress``).
    let trustsProxy: Bool
    /// The bytes of background images one client address is sent a second, after a burst of
    /// as many: a flood of one image's requests from an address waits here, rather than taking
    /// the server's cores from everyone else's requests.
    let imageBandwidth = ClientBudget(capacity: 32 * 1024 * 1024, window: .seconds(1))

    func add(to router: APIRegistrar) {
        let service = router.service
        router.change("/api/table/:table_id/felt/watch") { [backgrounds] api in
            let token = try TableRoutes.token(api, required: true)!
            let id = try api.path("table_id")
            // The old link's images are no longer to be served through it.
            defer { backgrounds.evict(table: id) }
            if api.parameters["enabled"] != nil, try !api.parameters.flag("enabled") {
                try await api.service.turnOffWatching(at: id, token: token)
                return WatchLinkJSON(key: nil, base: api.base)
            }
            return WatchLinkJSON(key: try await api.service.makeWatchLink(at: id, token: token), base: api.base)
        }
        router.api("/api/watch/:watch_key") { api in
            let key = try api.path("watch_key")
            return TabletopJSON(try await api.service.watch(key), audience: .watcher(key: key))
        }
        streams.add("/api/watch/:watch_key/events", to: router) { [streams, service] request, context in
            if request.method == .head { return nil }
            let key = try context.parameters.require("watch_key")
            let (id, _) = try await service.watchedTable(key)
            return try await streams.open(request, context, table: id, token: nil, signals: true, watchKey: key) { stream, event in
                try TabletopRoutes.bytes(of: event, for: stream, audience: .watcher(key: key), encodings: streams.encodings)
            }
        }
        router.change("/api/table/:table_id/felt/colour") { api in
            let token = try TableRoutes.token(api, required: true)!
            guard let colour = api.parameters["colour"] ?? api.parameters["color"] else {
                throw RequestError.parameter("colour", "is missing", allowed: "give # and six hex digits, such as colour=%231e6b3a, or colour= for the page's own")
            }
            let view = try await api.service.setFeltColour(at: api.path("table_id"), token: token, colour: colour.isEmpty ? nil : colour)
            return TabletopJSON(view)
        }
        router.upload("/api/table/:table_id/felt/background", maximumBytes: BackgroundImage.maximumByteCount, budget: uploads) { api in
            // Refused before a file is read: no token, or not the creator.
            let token = try TableRoutes.token(api, required: true)!
            let view = try await api.service.tabletop(api.path("table_id"), token: token)
            guard view.creatorSeat == view.viewerSeat else {
                throw RequestError(.forbidden, "only the seat that made the table may set its background: ask the player who made it")
            }
            return try api.parameters.flag("remove") ? .noFile : .file
        } _: { [backgrounds, decoder] api, body, charge in
            let token = try TableRoutes.token(api, required: true)!
            let id = try api.path("table_id")
            defer { backgrounds.evict(table: id) }
            if try api.parameters.flag("remove") {
                return TabletopJSON(try await api.service.setBackground(at: id, token: token, image: nil))
            }
            guard let body else {
                throw RequestError(
                    "the request has no image: send the PNG or JPEG file itself as the body (Content-Type image/png or image/jpeg), or remove=true")
            }
            let bytes = Array(buffer: body)
            let image: BackgroundImage
            do {
                image = try await decoder.runIfActive { try BackgroundImage.normalize(bytes) }
            } catch let refusal as BackgroundImageError {
                // Bytes the server took for a file that is no image it takes count all the same,
                // so that an address cannot send junk without end.
                if refusal.isUploadFault { charge.keep() }
                if case .tooManyBytes = refusal.reason { throw RequestError(.contentTooLarge, refusal.description) }
                throw RequestError(refusal.isUploadFault ? .badRequest : .serviceUnavailable, refusal.description)
            }
            // What is stored counts, as the server re-encoded it.
            try charge.settle(to: image.bytes.count)
            return TabletopJSON(try await api.service.setBackground(at: id, token: token, image: (image.bytes, image.mediaType)))
        }
        router.get("/api/table/:table_id/background/:number") { [backgrounds] request, context in
            let id = try context.parameters.require("table_id")
            let number = try Self.number(context)
            let image = try await backgrounds.image("table/\(id)/\(number)") {
                let (bytes, mediaType) = try await service.background(of: id, number: number)
                return (id, bytes, mediaType)
            }
            return Self.imageResponse(image, request: request, pace: pace(request, context))
        }
        router.get("/api/watch/:watch_key/background/:number") { [backgrounds] request, context in
            let key = try context.parameters.require("watch_key")
            let number = try Self.number(context)
            let image = try await backgrounds.image("watch/\(key)/\(number)") {
                try await service.background(watching: key, number: number)
            }
            return Self.imageResponse(image, request: request, pace: pace(request, context))
        }
    }

    /// Waits until the client of `request` may be sent `bytes` more of background images
    /// (``imageBandwidth``), taking them from its budget.
    private func pace(_ request: Request, _ context: DeckRequestContext) -> @Sendable (Int) async throws -> Void {
        let client = ClientAddress.of(request, context: context, trustsProxy: trustsProxy)
        return { [imageBandwidth] bytes in
            while let wait = imageBandwidth.take(bytes, for: client) { try await Task.sleep(for: wait) }
        }
    }

    private static func number(_ context: DeckRequestContext) throws -> Int {
        let text = try context.parameters.require("number")
        guard let number = Int(text), number > 0 else {
            throw RequestError.parameter("number", value: text, "is not a background's number", allowed: "take the path from the table's view")
        }
        return number
    }

    /// An image's answer: its path changes with every upload, so it may be kept for good; a
    /// request that holds it already (`If-None-Match` with its tag) gets 304 without it. Its
    /// bytes are sent once `pace` lets them go.
    private static func imageResponse(
        _ image: BackgroundImageCache.Image, request: Request, pace: @escaping @Sendable (Int) async throws -> Void
    ) -> Response {
        var headers: HTTPFields = [.contentType: image.mediaType, .cacheControl: "public, max-age=31536000, immutable", .eTag: image.etag]
        if let held = request.headers[.ifNoneMatch], held.split(separator: ",").contains(where: { tag in
            let tag = tag.trimmingCharacters(in: .whitespaces)
            return tag == image.etag || tag == "W/" + image.etag || tag == "*"
        }) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        let bytes = image.bytes
        return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: bytes.readableBytes) { writer in
            try await pace(bytes.readableBytes)
            try await writer.write(bytes)
            try await writer.finish(nil)
        })
    }
}
