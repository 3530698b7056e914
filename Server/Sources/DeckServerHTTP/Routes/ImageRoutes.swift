import DeckService
import Hummingbird

/// `/static/img/<code>.png|svg`: card images from our renderer, at the paths the deck JSON
/// links to; `?width=` (PNG) and `?theme=` choose others than the default 226 × 314 classic.
struct ImageRoutes: Sendable {
    let cache: CardImageCache

    func add(to router: APIRegistrar) {
        router.get("/static/img/:file") { request, context in
            try await image(request, file: try context.parameters.require("file"))
        }
    }

    private func image(_ request: Request, file: String) async throws -> Response {
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
        let image = try await cache.image(for: try CardImageCache.Key(side: side, format: format, width: width, theme: theme))
        var headers: HTTPFields = [
            .contentType: format == .png ? "image/png" : "image/svg+xml",
            .cacheControl: "public, max-age=2592000",
            .eTag: image.etag,
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == image.etag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(image.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }
}
