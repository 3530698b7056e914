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
