import DeckService
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards

/// Card images rendered once and kept in memory, up to a byte budget (the oldest go first).
actor CardImageCache {
    /// What an image is rendered from.
    struct Key: Hashable, Sendable {
        var side: CardSide
        var format: ImageFormat
        var width: Int
        var theme: String
    }

    /// A rendered image and its entity tag.
    struct Image: Sendable {
        var bytes: [UInt8]
        var etag: String
    }

    /// The default PNG width: deckofcardsapi's images are 226 × 314 px.
    static let defaultWidth = 226
    static let defaultHeight = 314
    /// The widths `?width=` accepts.
    static let widths = 32...1200

    private let budget: Int
    private var images: [Key: Image] = [:]
    private var order: [Key] = []
    private var bytes = 0

    /// A cache holding at most `budget` bytes of images.
    init(budget: Int) {
        self.budget = budget
    }

    /// The image for `key`, rendered now when not kept. The rendering runs outside the actor,
    /// so one slow render does not hold up answers from the cache.
    nonisolated func image(for key: Key) async throws -> Image {
        if let image = await images[key] { return image }
        let image = try Self.render(key)
        await keep(image, for: key)
        return image
    }

    private func keep(_ image: Image, for key: Key) {
        guard images[key] == nil, image.bytes.count <= budget else { return }
        images[key] = image
        order.append(key)
        bytes += image.bytes.count
        while bytes > budget, !order.isEmpty {
            let oldest = order.removeFirst()
            bytes -= images.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
    }

    private static func render(_ key: Key) throws -> Image {
        var style = CardStyle()
        guard let theme = Theme.named(key.theme) else {
            throw RequestError.parameter("theme", value: key.theme, "is not known", allowed: "give one of \(Theme.builtIn.map(\.name).joined(separator: ", "))")
        }
        style.theme = theme
        // Rendered once and served many times: worth the slower, smaller encoding.
        style.pngCompression = .small
        do {
            // The default keeps deckofcardsapi's 226 × 314; other widths keep that shape.
            let height = (key.width * defaultHeight + defaultWidth / 2) / defaultWidth
            style.size = try CardSize(pixelWidth: key.width, pixelHeight: height, dpi: style.dpi)
            let bytes = try CardRenderer(style: style).render(key.side, as: key.format)
            return Image(bytes: bytes, etag: "\"\(fnv1a(bytes))\"")
        } catch {
            throw RenderFailure(key: key, cause: "\(error)")
        }
    }

    /// A 64-bit FNV-1a digest of the image, in hex: enough to tell versions apart.
    private static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A card image that could not be rendered: a fault of the server (500), logged with its cause.
struct RenderFailure: Error, CustomStringConvertible {
    var key: CardImageCache.Key
    var cause: String
    var description: String { "the card image \(key) could not be rendered: \(cause)" }
}
