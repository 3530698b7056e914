@testable import DeckServerHTTP
import Synchronization
import Testing

/// The memory the backgrounds are served from: an image is read again once its lifetime is
/// over (a change through another server shows then), and a read that an eviction overtook is
/// not kept (it may hold what the eviction dropped).
@Suite("Background image cache")
struct BackgroundImageCacheTests {
    /// A clock that moves only when told.
    final class TestClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    /// Counts the reads of an image and answers `bytes`.
    final class Reads: Sendable {
        private let count = Mutex(0)
        var total: Int { count.withLock { $0 } }
        func read(_ bytes: [UInt8]) -> (table: String, bytes: [UInt8], mediaType: String) {
            count.withLock { $0 += 1 }
            return ("t", bytes, "image/png")
        }
    }

    @Test("an image is served from memory for its lifetime, then read again")
    func lifetime() async throws {
        let clock = TestClock()
        let cache = BackgroundImageCache(budget: 1 << 20, lifetime: .seconds(30), now: { clock.now })
        let reads = Reads()
        _ = try await cache.image("table/t/1") { reads.read([1]) }
        clock.advance(by: .seconds(29))
        #expect(try await cache.image("table/t/1") { reads.read([2]) }.bytes.readableBytes == 1)
        #expect(reads.total == 1)
        clock.advance(by: .seconds(1))
        let again = try await cache.image("table/t/1") { reads.read([3, 3]) }
        #expect(reads.total == 2 && again.bytes.readableBytes == 2, "read again once 30 s old")
        #expect(cache.bytesHeld == 2)
    }

    @Test("a read that an eviction of the table overtook is answered but not kept; an eviction drops the table's images")
    func evictionDuringRead() async throws {
        let cache = BackgroundImageCache(budget: 1 << 20)
        let reads = Reads()
        _ = try await cache.image("table/u/1") { ("u", [9], "image/png") }
        let old = try await cache.image("table/t/1") {
            // The background changes while it is read: what this read found may be the old one.
            cache.evict(table: "t")
            return reads.read([1])
        }
        #expect(old.bytes.readableBytes == 1)
        _ = try await cache.image("table/t/1") { reads.read([2, 2]) }
        #expect(reads.total == 2, "the overtaken read was kept")
        #expect(cache.bytesHeld == 3)
        cache.evict(table: "t")
        #expect(cache.bytesHeld == 1, "the other table's image stays")
    }
}
