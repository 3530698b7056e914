/// A 256-bit seed for reproducible shuffles.
///
/// 256 bits are enough to reach every order of a 52-card deck (52! ≈ 2^225.6) or of a 54-card
/// deck (54! ≈ 2^237.1); a 64-bit seed reaches at most one order in 2^161 of a 52-card deck.
///
/// ```swift
/// let seed = try ShuffleSeed(hex: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff")
/// var deck = PlayingCardDeck()
/// deck.shuffle(seed: seed)   // the same order on every platform, Swift version and run
/// ```
public struct ShuffleSeed: Sendable, Hashable, Codable {
    /// The seed as four 64-bit words, read little-endian from ``bytes``.
    public let words: (UInt64, UInt64, UInt64, UInt64)

    /// A seed from four words, the first being bytes 0–7 read little-endian.
    public init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// A seed from exactly 32 bytes.
    ///
    /// - Throws: ``ShuffleSeedError`` when there are not exactly 32 bytes.
    public init(bytes: some Collection<UInt8>) throws(ShuffleSeedError) {
        guard bytes.count == 32 else { throw .wrongByteCount(bytes.count) }
        let array = Array(bytes)
        func word(_ k: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(array[k * 8 + $1]) << (8 * $1) }
        }
        self.init(words: (word(0), word(1), word(2), word(3)))
    }

    /// A seed from 64 hexadecimal digits (upper or lower case), the bytes in order.
    ///
    /// - Throws: ``ShuffleSeedError`` naming the first bad character or the wrong length.
    public init(hex: String) throws(ShuffleSeedError) {
        let digits = Array(hex.unicodeScalars)
        guard digits.count == 64 else { throw .wrongHexLength(digits.count) }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.hexValue(digits[pair]) else { throw .notHex(Character(digits[pair]), position: pair + 1) }
            guard let low = Self.hexValue(digits[pair + 1]) else { throw .notHex(Character(digits[pair + 1]), position: pair + 2) }
            bytes.append(high << 4 | low)
        }
        try self.init(bytes: bytes)
    }

    /// A seed from a 64-bit number, for convenience (its bytes 0–7, little-endian, then zeros).
    ///
    /// Such a seed can reach at most 2^64 of the 52! orders of a deck, about one in 2^161: fine
    /// for tests and replays, not for a game whose deals must be unpredictable.
    public init(_ value: UInt64) {
        self.init(words: (value, 0, 0, 0))
    }

    /// A fresh seed from the operating system's secure random source.
    public static func random() -> ShuffleSeed {
        var system = SystemRandomNumberGenerator()
        return ShuffleSeed(words: (system.next(), system.next(), system.next(), system.next()))
    }

    /// The seed's 32 bytes.
    public var bytes: [UInt8] {
        [words.0, words.1, words.2, words.3].flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }

    /// The seed as 64 lowercase hexadecimal digits.
    public var hex: String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 48)
        case "a"..."f": UInt8(scalar.value - 87)
        case "A"..."F": UInt8(scalar.value - 55)
        default: nil
        }
    }

    /// Whether two seeds have the same 32 bytes.
    public static func == (lhs: ShuffleSeed, rhs: ShuffleSeed) -> Bool {
        lhs.words == rhs.words
    }

    /// Hashes the seed's four words.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// Decodes a seed from its 64 hexadecimal digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(hex: container.decode(String.self))
        } catch let error as ShuffleSeedError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the seed as its 64 hexadecimal digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

extension ShuffleSeed: CustomStringConvertible {
    /// The seed's 64 hexadecimal digits.
    public var description: String { hex }
}

/// Why text or bytes are not a ``ShuffleSeed``.
public enum ShuffleSeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A seed is 32 bytes; this many were given.
    case wrongByteCount(Int)
    /// A hex seed is 64 digits; this many were given.
    case wrongHexLength(Int)
    /// The character at this position (counting from 1) is not a hexadecimal digit.
    case notHex(Character, position: Int)

    /// A message naming what was wrong and what is allowed.
    public var description: String {
        switch self {
        case .wrongByteCount(let count): "a shuffle seed is 32 bytes, not \(count)"
        case .wrongHexLength(let count): "a hex shuffle seed is 64 hexadecimal digits (32 bytes), not \(count)"
        case .notHex(let character, let position):
            "'\(character)' at position \(position) of the seed is not a hexadecimal digit (0–9, a–f)"
        }
    }
}
