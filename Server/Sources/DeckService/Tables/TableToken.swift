import Crypto
import PlayingCards

/// Seat tokens: 256 bits from the secure generator, written as 43 characters of URL-safe
/// base64, given to the player once and stored only as their SHA-256.
enum TableToken {
    /// A new token.
    static func make() -> String {
        var generator = SecureRandom()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next().littleEndian) { bytes.append(contentsOf: $0) } }
        return base64URL(bytes)
    }

    /// The form a token is stored in: SHA-256 of its text, lower-case hex.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }

    /// Whether `token` could be one this server made: 43 URL-safe base64 characters. Anything
    /// else is refused before it is hashed.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { alphabet.contains($0) }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// URL-safe base64 without padding (RFC 4648 §5).
    private static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
