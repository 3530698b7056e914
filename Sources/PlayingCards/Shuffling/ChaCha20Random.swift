/// A cryptographically secure generator from a seed: the ChaCha20 keystream keyed with the
/// seed's 32 bytes (nonce 0, block counter from 0), read as little-endian 64-bit words.
///
/// The same seed gives the same stream on every platform, so it can replay a secure shuffle.
/// Anyone who knows the seed knows the stream: keep the seed secret until the game is over.
public struct ChaCha20Random: RandomNumberGenerator, Sendable {
    private let key: SIMD8<UInt32>
    private var counter: UInt64 = 0
    private var buffer = InlineArray<32, UInt64>(repeating: 0)
    private var position = 32

    /// A generator keyed with the seed's bytes.
    public init(seed: ShuffleSeed) {
        key = ChaCha20.key(seed.words.0, seed.words.1, seed.words.2, seed.words.3)
    }

    /// The next 64 bits of the keystream.
    public mutating func next() -> UInt64 {
        if position == 32 {
            let (key, counter) = (key, counter)
            withUnsafeMutablePointer(to: &buffer) { pointer in
                pointer.withMemoryRebound(to: UInt64.self, capacity: 32) { words in
                    ChaCha20.fourBlocks(key: key, counter: counter, nonce: 0, into: words)
                }
            }
            self.counter &+= 4
            position = 0
        }
        defer { position += 1 }
        return buffer[position]
    }
}
