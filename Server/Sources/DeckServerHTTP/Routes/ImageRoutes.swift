import DeckService
import Hummingbird

/// `/static/img/<code>.png|svg`: card images from our renderer, at the paths the deck JSON
/// links to; `?width=` (PNG) and `?theme=` choose others than the default 226 × 314 classic.
struct ImageRoutes: Sendable {
    let cache: CardImageCache

    func add(to router: APIRegistrar) {
        router.get("/static/img/:file") { request, context in
            try await image(request, context, file: try context.parameters.require("file"))
        }
    }

    private func image(_ request: Request, _ context: DeckRequestContext, file: String) async throws -> Response {
        let (side, format) = try CardImageName.parse(file)
        let query = request.uri.queryParameters
        var width = CardImageCache.defaultWidth
        if format == .png, let text = query.get("width") {
            guard let value = Int(text), CardImageCache.widths.contains(value) else {
                throw RequestError.parameter("width", value: text, "is not allowed", allowed: "give \(CardImageCache.widths.lowerBound) to \(CardImageCache.widths.upperBound) pixels")
            }
            width = value
        }
        let theme = query.get("theme") ?? "classic"
        let key = try CardImageCache.Key(side: side, format: format, width: width, theme: theme)
        var headers: HTTPFields = [
            .contentType: format == .png ? "image/png" : "image/svg+xml",
            .cacheControl: "public, max-age=2592000",
        ]
        let image: CardImageCache.Image
        if let kept = await cache.kept(key) {
            image = kept
        } else {
            // A render takes up to a second, behind others: a client that goes away meanwhile
            // cancels its wait, and a render nobody waits for any longer is dropped. Watching
            // the connection for that reads past this request, so the connection closes after
            // this answer (a render happens once per image; kept images keep the connection).
            do {
                image = try await request.body.consumeWithCancellationOnInboundClose { _ in try await cache.image(for: key) }
            } catch let error as any HTTPResponseError {
                var refusal = try error.response(from: request, context: context)
                refusal.headers[.connection] = "close"
                return refusal
            }
            headers[.connection] = "close"
        }
        headers[.eTag] = image.etag
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == image.etag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(image.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }
}
