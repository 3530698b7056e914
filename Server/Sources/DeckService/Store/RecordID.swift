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
}
