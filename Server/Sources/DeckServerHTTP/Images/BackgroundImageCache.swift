import Crypto
import NIOCore
import Synchronization

/// Background images as served, kept in memory up to a byte budget (the least recently served
/// go first), so that serving one takes no store access: a request for an image held here
/// neither reads the table nor waits for the store's queue, which the table's other requests
/// use. A 5 MB image read for every request of a flood made the deck requests of everyone else
/// wait behind it.
///
/// A background's path names its table and number, and a number never names another image, so
/// an image is kept without looking at its table again for ``lifetime``. The server drops a
/// table's images at once when their table's background or watch link changes through it;
/// a change through another server sharing the store (or the table's expiry) is seen when the
/// image is read again, at most ``lifetime`` later. An image is read once however many
/// requests want it at that moment: the others wait for that read.
final class BackgroundImageCache: Sendable {
    /// An image as served: its bytes (shared by every answer, not copied), its media type and
    /// its entity tag, the start of the SHA-256 of its bytes.
    struct Image: Sendable {
        let bytes: ByteBuffer
        let mediaType: String
        let etag: String
        /// The table whose background it is.
        let table: String

        init(bytes: [UInt8], mediaType: String, table: String) {
            self.bytes = ByteBuffer(bytes: bytes)
            self.mediaType = mediaType
            self.table = table
            etag = "\"" + SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        }
    }

    private struct Entry {
        let image: Image
        var used: UInt64
        /// When it was read.
        let read: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// Reads under way, by key, with the requests waiting for each.
        var reading: [String: [Waiter]] = [:]
        /// The evictions so far: a read that an eviction overtook may hold what it dropped,
        /// and is not kept.
        var evictions: UInt64 = 0
    }

    /// The most bytes kept.
    let budget: Int
    /// How long an image is served without reading it again.
    let lifetime: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    init(budget: Int, lifetime: Duration = .seconds(30), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.budget = budget
        self.lifetime = lifetime
        self.now = now
    }

    /// The image of `key` (a background's path); read with `read`, which also names the table
    /// it belongs to, when it is not held, once for every request that wants it meanwhile.
    func image(_ key: String, read: () async throws -> (table: String, bytes: [UInt8], mediaType: String)) async throws -> Image {
        while true {
            let now = now()
            let found = state.withLock { state -> Found in
                state.clock += 1
                if let entry = state.entries[key] {
                    if entry.read.duration(to: now) < lifetime {
                        state.entries[key]!.used = state.clock
                        return .held(entry.image)
                    }
                    state.entries[key] = nil
                    state.bytes -= entry.image.bytes.readableBytes
                }
                if state.reading[key] != nil { return .reading }
                state.reading[key] = []
                return .toRead(evictions: state.evictions)
            }
            switch found {
            case .held(let image):
                return image
            case .reading:
                let image = try await withCheckedThrowingContinuation { (continuation: Waiter) in
                    let waiting = state.withLock { state -> Bool in
                        guard state.reading[key] != nil else { return false }
                        state.reading[key]!.append(continuation)
                        return true
                    }
                    // The read ended in the meantime: look again.
                    if !waiting { continuation.resume(returning: nil) }
                }
                if let image { return image }
            case .toRead(let evictions):
                let result: Result<Image?, any Error>
                do {
                    let (table, bytes, mediaType) = try await read()
                    result = .success(Image(bytes: bytes, mediaType: mediaType, table: table))
                } catch {
                    result = .failure(error)
                }
                let waiting = state.withLock { state -> [Waiter] in
                    if case .success(let image?) = result, state.evictions == evictions {
                        keep(image, key: key, read: now, in: &state)
                    }
                    return state.reading.removeValue(forKey: key) ?? []
                }
                for continuation in waiting { continuation.resume(with: result) }
                return try result.get()!
            }
        }
    }

    private enum Found {
        case held(Image)
        case reading
        /// This request reads it; the evictions so far.
        case toRead(evictions: UInt64)
    }

    /// A request waiting for another's read: given the image, its failure, or `nil` to look again.
    private typealias Waiter = CheckedContinuation<Image?, any Error>

    /// Drops every image of `table`: its background or watch link changed.
    func evict(table: String) {
        state.withLock { state in
            state.evictions += 1
            for (key, entry) in state.entries where entry.image.table == table {
                state.entries[key] = nil
                state.bytes -= entry.image.bytes.readableBytes
            }
        }
    }

    /// The bytes held now.
    var bytesHeld: Int { state.withLock { $0.bytes } }

    private func keep(_ image: Image, key: String, read: ContinuousClock.Instant, in state: inout State) {
        let size = image.bytes.readableBytes
        guard size <= budget else { return }
        while state.bytes + size > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
            state.entries[oldest.key] = nil
            state.bytes -= oldest.value.image.bytes.readableBytes
        }
        state.entries[key] = Entry(image: image, used: state.clock, read: read)
        state.bytes += size
    }
}
