internal import Crypto
public import PlayingCards

/// The `spc-fair-v1` keystream: HMAC-SHA256 blocks in counter mode, read as little-endian
/// 64-bit words (see ``FairShuffle``).
public struct FairKeystream: RandomNumberGenerator, Sendable {
    private let key: [UInt8]
    private let messagePrefix: [UInt8]
    private var block: UInt64 = 0
    private var words: [UInt64] = []
    private var position = 0

    /// The keystream of one deal.
    public init(serverSeed: ShuffleSeed, clientSeed: String, nonce: UInt64) {
        key = serverSeed.bytes
        let client = Array(clientSeed.utf8)
        messagePrefix = Array(FairShuffle.version.utf8) + [0]
            + Self.bigEndian(UInt64(client.count), bytes: 4) + client + Self.bigEndian(nonce, bytes: 8)
    }

    /// The HMAC message of block `index`.
    func message(block index: UInt64) -> [UInt8] {
        messagePrefix + Self.bigEndian(index, bytes: 8)
    }

    /// The next 64-bit word of the keystream.
    public mutating func next() -> UInt64 {
        if position == words.count {
            let code = Array(HMAC<SHA256>.authenticationCode(for: message(block: block), using: SymmetricKey(data: key)))
            words = (0..<4).map { word in (0..<8).reduce(0) { $0 | UInt64(code[word * 8 + $1]) << (8 * $1) } }
            block += 1
            position = 0
        }
        defer { position += 1 }
        return words[position]
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
