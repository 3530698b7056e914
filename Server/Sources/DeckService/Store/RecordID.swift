import PlayingCards

/// Record ids: 130 bits from the secure generator, as 26 characters of `a–z` and `2–7`
/// (lower-case base32), safe in a URL path.
enum RecordID {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// A new random id.
    static func make() -> String {
        var generator = SecureRandom()
        var bits = (generator.next(), generator.next(), generator.next() & 0x3)
        var characters: [UInt8] = []
        characters.reserveCapacity(26)
        for _ in 0..<26 {
            characters.append(alphabet[Int(bits.0 & 31)])
            bits.0 = bits.0 >> 5 | bits.1 << 59
            bits.1 = bits.1 >> 5 | bits.2 << 59
            bits.2 >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Whether `id` could be an id this server made: 26 characters of its alphabet. Anything
    /// else (another length, upper case, a NUL byte, a percent sign) names no record, and is
    /// refused before it reaches a store.
    static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 26 && id.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains($0) }
    }
}
