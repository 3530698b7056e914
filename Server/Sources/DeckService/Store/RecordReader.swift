import PlayingCards

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
