import Synchronization

/// Pixel buffers handed from one render to the next: a renderer drawing a deck maps its band and
/// picture buffers once, not once a card. Each buffer has one user at a time.
final class PixelMemoryPool: Sendable {
    /// The most buffers of one size kept (two threads, each with a band and a picture).
    let limit: Int
    private let free = Mutex<[Int: [PixelMemory]]>([:])

    init(limit: Int = 4) {
        self.limit = limit
    }

    /// A buffer of `count` bytes, all zero when `zeroed` (else whatever the last user left).
    func take(count: Int, zeroed: Bool) -> PixelMemory {
        guard let reused = free.withLock({ $0[count]?.popLast() }) else { return PixelMemory(count: count) }
        if zeroed { reused.bytes.initializeMemory(as: UInt8.self, repeating: 0, count: count) }
        return reused
    }

    /// Gives a buffer back for the next render.
    func give(_ memory: PixelMemory) {
        free.withLock { table in
            if table[memory.count, default: []].count < limit { table[memory.count, default: []].append(memory) }
        }
    }
}
