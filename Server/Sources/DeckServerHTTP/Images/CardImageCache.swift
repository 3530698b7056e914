import DeckService
import NIOPosix
import Synchronization
import PlayingCardLayout
import PlayingCardRendering
import PlayingCards

/// Card images rendered once and kept in memory, up to a byte budget (the oldest go first).
///
/// Rendering takes 0.1 to 0.7 s of a core, so it runs on threads of its own, never on the
/// threads that serve requests: at most `renderers` images at once, at most `queue` more
/// waiting, and past that ``ImagesBusyError``. Requests for an image being rendered wait for
/// that render instead of starting another. A render still waiting for a renderer when the
/// last request waiting for it is cancelled (its client went away) is dropped unrendered.
actor CardImageCache {
    /// What an image is rendered from, in canonical form: a theme's own name in lower case, the
    /// width as a number.
    struct Key: Hashable, Sendable {
        var side: CardSide
        var format: ImageFormat
        var width: Int
        var theme: String

        /// The key for a request's values; `theme` in any case.
        ///
        /// - Throws: ``RequestError`` naming an unknown theme.
        init(side: CardSide, format: ImageFormat, width: Int, theme: String) throws(RequestError) {
            guard let known = Theme.named(theme) else {
                throw RequestError.parameter("theme", value: theme, "is not known", allowed: "give one of \(Theme.builtIn.map(\.name).joined(separator: ", "))")
            }
            self.side = side
            self.format = format
            self.width = width
            self.theme = known.name.lowercased()
        }
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
    private let renderers: NIOThreadPool
    private let rendererCount: Int
    private let queue: Int
    /// Renders under way or waiting for a renderer, by key; each caller of a key awaits the same.
    private var inFlight: [Key: Flight] = [:]
    /// How many renders were dropped unrendered, nobody waiting for them.
    private(set) var dropped = 0

    /// A render and how many requests wait for it.
    private final class Flight: Sendable {
        let render: Task<Image, any Error>
        /// The callers waiting, each by a number of its own.
        private let waiting = Mutex<(next: Int, callers: Set<Int>)>((0, []))

        init(_ render: Task<Image, any Error>) { self.render = render }

        /// The image, once rendered. A caller cancelled meanwhile stops waiting for it, and the
        /// last to stop cancels the render: dropped if no renderer has begun it (one begun
        /// runs to its end, as rendering cannot stop halfway).
        func value() async throws -> Image {
            let caller = waiting.withLock { waiting in
                defer { waiting.next += 1 }
                waiting.callers.insert(waiting.next)
                return waiting.next
            }
            defer { leave(caller) }
            return try await withTaskCancellationHandler {
                try await render.value
            } onCancel: {
                if leave(caller) { render.cancel() }
            }
        }

        /// How many callers wait for it.
        var waiters: Int { waiting.withLock { $0.callers.count } }

        /// Stops counting `caller` (once); whether it was the last one waiting.
        @discardableResult
        private func leave(_ caller: Int) -> Bool {
            waiting.withLock { $0.callers.remove(caller) != nil && $0.callers.isEmpty }
        }
    }

    /// A cache holding at most `budget` bytes of images, rendering at most `renderers` at once
    /// with at most `queue` more waiting.
    init(budget: Int, renderers: Int = 1, queue: Int = 32) {
        self.budget = budget
        rendererCount = renderers
        self.queue = queue
        self.renderers = NIOThreadPool(numberOfThreads: renderers)
        self.renderers.start()
    }

    deinit {
        renderers.shutdownGracefully { _ in }
    }

    /// The image for `key`: kept, being rendered, or rendered now on a renderer's thread.
    ///
    /// - Throws: ``ImagesBusyError`` when the renderers and their queue are full,
    ///   ``RenderFailure`` when the image cannot be rendered.
    func image(for key: Key) async throws -> Image {
        if let image = images[key] { return image }
        let flight: Flight
        if let joined = inFlight[key], !joined.render.isCancelled {
            flight = joined
        } else {
            guard inFlight.count < rendererCount + queue else { throw ImagesBusyError(waiting: inFlight.count) }
            let renderers = renderers
            flight = Flight(Task { try await renderers.runIfActive { try Self.render(key) } })
            inFlight[key] = flight
        }
        do {
            let image = try await flight.value()
            if inFlight[key] === flight { inFlight[key] = nil }
            keep(image, for: key)
            return image
        } catch {
            if inFlight[key] === flight {
                inFlight[key] = nil
                if error is CancellationError { dropped += 1 }
            }
            throw error
        }
    }

    /// The image for `key` if it is kept; `nil` when it would have to be rendered.
    func kept(_ key: Key) -> Image? { images[key] }

    /// Renders under way or waiting for a renderer.
    var rendersInFlight: Int { inFlight.count }

    /// How many requests wait for the render of `key`.
    func waiters(for key: Key) -> Int { inFlight[key]?.waiters ?? 0 }

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
        style.theme = Theme.named(key.theme)!
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
