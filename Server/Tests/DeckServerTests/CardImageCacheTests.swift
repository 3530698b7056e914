@testable import DeckServerHTTP
import DeckTestSupport
import PlayingCardRendering
import PlayingCards
import Testing

/// The card image cache's renders: one per image however many wait for it, and none for a
/// client that went away while its render still waited for a renderer.
@Suite("Card image renders")
struct CardImageCacheTests {
    static func key(_ card: PlayingCard, width: Int = 1200) throws -> CardImageCache.Key {
        try CardImageCache.Key(side: .face(card), format: .png, width: width, theme: "classic")
    }

    @Test("a render still queued when its only request is cancelled is dropped unrendered; the image renders when asked again")
    func queuedRenderDropped() async throws {
        let cache = CardImageCache(budget: 64 << 20, renderers: 1, queue: 4)
        // The renderer's one thread is busy with the king while the queen waits behind it.
        let king = Task { try await cache.image(for: try Self.key(PlayingCard(.king, of: .spades))) }
        try await waitUntil("the king's render under way") { await cache.rendersInFlight == 1 }
        let queen = Task { try await cache.image(for: try Self.key(PlayingCard(.queen, of: .hearts))) }
        try await waitUntil("the queen's render queued") { await cache.rendersInFlight == 2 }
        queen.cancel()
        await #expect(throws: CancellationError.self) { try await queen.value }
        #expect(await cache.dropped == 1)
        #expect(try await king.value.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(await cache.rendersInFlight == 0)

        let again = try await cache.image(for: try Self.key(PlayingCard(.queen, of: .hearts)))
        #expect(again.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(await cache.dropped == 1)
    }

    @Test("a queued render goes on while another request still waits for it")
    func queuedRenderKeptForTheOthers() async throws {
        let cache = CardImageCache(budget: 64 << 20, renderers: 1, queue: 4)
        let king = Task { try await cache.image(for: try Self.key(PlayingCard(.king, of: .clubs))) }
        try await waitUntil("the king's render under way") { await cache.rendersInFlight == 1 }
        let first = Task { try await cache.image(for: try Self.key(PlayingCard(.jack, of: .diamonds))) }
        let second = Task { try await cache.image(for: try Self.key(PlayingCard(.jack, of: .diamonds))) }
        try await waitUntil("both waiting for the jack") { await cache.waiters(for: try Self.key(PlayingCard(.jack, of: .diamonds))) == 2 }
        first.cancel()
        #expect(try await second.value.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        _ = try await king.value
        #expect(await cache.dropped == 0)
    }
}
