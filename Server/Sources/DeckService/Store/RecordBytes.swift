import PlayingCards

/// The stored bytes of a record as they are written, each count checked against its field.
/// Numbers are big-endian.
struct RecordWriter {
    /// The record's id, for the error when something does not fit.
    let id: String?
    var bytes: [UInt8] = []

    init(id: String?) {
        self.id = id
    }

    /// A 2-byte count: of cards, piles, stacks, a text's bytes.
    mutating func appendCount(_ count: Int) throws(ServiceError) {
        guard (0...Int(UInt16.max)).contains(count) else { throw tooLarge(count, "2-byte count", UInt16.max) }
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(UInt8(truncatingIfNeeded: count))
    }

    /// A 1-byte length or small number.
    mutating func appendLength(_ length: Int) throws(ServiceError) {
        guard (0...Int(UInt8.max)).contains(length) else { throw tooLarge(length, "1-byte length", UInt8.max) }
        bytes.append(UInt8(length))
    }

    /// A whole number of 0 to 2³² − 1 in 4 bytes.
    mutating func appendUInt32(_ value: Int) throws(ServiceError) {
        guard (0...Int(UInt32.max)).contains(value) else { throw tooLarge(value, "4-byte number", UInt32.max) }
        appendBits(UInt64(value), bytes: 4)
    }

    /// The low `count` bytes of `value`.
    mutating func appendBits(_ value: UInt64, bytes count: Int) {
        for shift in stride(from: 8 * (count - 1), through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// A number's 8 bytes (its IEEE 754 bits).
    mutating func appendDouble(_ value: Double) {
        appendBits(value.bitPattern, bytes: 8)
    }

    /// Text of at most 255 bytes of UTF-8, after a 1-byte length.
    mutating func appendShortText(_ text: String) throws(ServiceError) {
        let utf8 = Array(text.utf8)
        try appendLength(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// A 2-byte count, then a byte per card.
    mutating func appendCards(_ cards: [PlayingCard]) throws(ServiceError) {
        try appendCount(cards.count)
        for card in cards { bytes.append(card.storedByte) }
    }

    private func tooLarge(_ value: Int, _ field: String, _ limit: some BinaryInteger) -> ServiceError {
        ServiceError(.internalFailure, .store, value: id, "cannot be stored: \(value) does not fit a \(field) (at most \(limit))")
    }
}

/// Reads what ``RecordWriter`` wrote; each read is `nil` past the end or for a bad value.
struct RecordReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func count() -> Int? {
        guard let pair = bytes(2) else { return nil }
        return Int(pair.first!) << 8 | Int(pair.last!)
    }

    mutating func bits(_ count: Int) -> UInt64? {
        bytes(count)?.reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func uint32() -> Int? {
        bits(4).map { Int($0) }
    }

    mutating func double() -> Double? {
        bits(8).map { Double(bitPattern: $0) }
    }

    mutating func shortText() -> String? {
        guard let length = byte(), let utf8 = bytes(Int(length)) else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    mutating func cards() -> [PlayingCard]? {
        guard let count = count(), let raw = bytes(count) else { return nil }
        var cards: [PlayingCard] = []
        cards.reserveCapacity(count)
        for byte in raw {
            guard let card = PlayingCard(storedByte: byte) else { return nil }
            cards.append(card)
        }
        return cards
    }
}

extension PlayingCard {
    /// Suit × 13 + rank − 1 (suits as `Suit`'s raw values), the black joker 52, the red 53.
    var storedByte: UInt8 {
        guard let rank, let suit else { return color == .black ? 52 : 53 }
        return UInt8(suit.rawValue * 13 + rank.rawValue - 1)
    }

    init?(storedByte byte: UInt8) {
        switch byte {
        case 0..<52: self.init(Rank(rawValue: Int(byte % 13) + 1)!, of: Suit(rawValue: Int(byte / 13))!)
        case 52: self = .joker(.black)
        case 53: self = .joker(.red)
        default: return nil
        }
    }
}
