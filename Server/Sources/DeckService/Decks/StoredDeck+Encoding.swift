import PlayingCards

/// The stored form of a deck: compact bytes, read and written without a general-purpose coder,
/// because every draw loads and saves the whole deck inside its transaction.
///
/// Layout (version 1; counts big-endian):
/// ```text
/// version         1 byte (1)
/// flags           1 byte: 1 shuffled, 2 provably fair, 4 revealed
/// composition     2-byte count, then one byte per card: suit × 13 + rank − 1, jokers 52 and 53
/// deck            2-byte count, then cards, top first
/// piles           2-byte count; each: 1-byte name length, UTF-8 name, 2-byte count, cards top first
/// fairness        when flagged: 32-byte server seed, 2-byte length and UTF-8 client seed, 8-byte nonce
/// ```
extension StoredDeck {
    static let formatVersion: UInt8 = 1

    /// The stored bytes of this deck.
    ///
    /// - Throws: ``ServiceError`` (`internalFailure`, naming `id`) when a count or length does
    ///   not fit its field. The service's limits keep every deck well inside them; the check is
    ///   here so that no value is ever cut short and stored damaged.
    package func encoded(id: String? = nil) throws(ServiceError) -> [UInt8] {
        var out = Writer(id: id)
        out.bytes.reserveCapacity(16 + 2 * deck.composition.count)
        out.bytes.append(Self.formatVersion)
        var flags: UInt8 = shuffled ? 1 : 0
        if let fairness { flags |= fairness.revealed ? 6 : 2 }
        out.bytes.append(flags)
        try out.appendCards(deck.composition)
        try out.appendCards(deck.cards)
        let names = deck.pileNames
        try out.appendCount(names.count)
        for name in names {
            let bytes = Array(name.utf8)
            try out.appendLength(bytes.count)
            out.bytes.append(contentsOf: bytes)
            try out.appendCards(deck.pile(name) ?? [])
        }
        if let fairness {
            out.bytes.append(contentsOf: fairness.serverSeed.bytes)
            let client = Array(fairness.clientSeed.utf8)
            try out.appendCount(client.count)
            out.bytes.append(contentsOf: client)
            for shift in stride(from: 56, through: 0, by: -8) { out.bytes.append(UInt8(truncatingIfNeeded: fairness.nonce >> UInt64(shift))) }
        }
        return out.bytes
    }

    /// Reads a deck written by ``encoded(id:)``.
    ///
    /// - Throws: ``ServiceError`` (`internalFailure`, naming `id`) when the bytes are not a
    ///   stored deck.
    package init(decoding bytes: [UInt8], id: String? = nil) throws(ServiceError) {
        let corrupt = ServiceError(.internalFailure, .store, value: id, "has a damaged deck record")
        var reader = ByteReader(bytes: bytes)
        guard let version = reader.byte(), version == Self.formatVersion, let flags = reader.byte(),
              let composition = reader.cards(), let cards = reader.cards(), let pileCount = reader.count()
        else { throw corrupt }
        var piles: [(String, [PlayingCard])] = []
        for _ in 0..<pileCount {
            guard let length = reader.byte(), let name = reader.bytes(Int(length)), let pile = reader.cards() else { throw corrupt }
            piles.append((String(decoding: name, as: UTF8.self), pile))
        }
        var fairness: Fairness?
        if flags & 2 != 0 {
            guard let seed = reader.bytes(32), let length = reader.count(), let client = reader.bytes(length),
                  let nonce = reader.bytes(8), let serverSeed = try? ShuffleSeed(bytes: seed)
            else { throw corrupt }
            fairness = Fairness(
                serverSeed: serverSeed, clientSeed: String(decoding: client, as: UTF8.self),
                nonce: nonce.reduce(0) { $0 << 8 | UInt64($1) }, revealed: flags & 4 != 0)
        }
        guard reader.isAtEnd, let deck = try? Self.restore(composition: composition, cards: cards, piles: piles) else {
            throw corrupt
        }
        self.init(deck: deck, shuffled: flags & 1 != 0, fairness: fairness)
    }

    /// Rebuilds a deck through the library's own checked moves: take every card out, lay the
    /// piles in the order they were made, then return the deck's cards in order.
    private static func restore(
        composition: [PlayingCard], cards: [PlayingCard], piles: [(String, [PlayingCard])]
    ) throws -> PlayingCardDeck {
        var deck = PlayingCardDeck(cards: composition)
        _ = try deck.draw(composition.count)
        for (name, pile) in piles { try deck.add(pile, toPile: name) }
        try deck.return(cards, to: .bottom)
        return deck
    }
}

/// The stored bytes as they are written, each count checked against its field.
private struct Writer {
    let id: String?
    var bytes: [UInt8] = []

    /// A 2-byte count: a pile or deck of cards, the piles, the client seed's length.
    mutating func appendCount(_ count: Int) throws(ServiceError) {
        guard (0...Int(UInt16.max)).contains(count) else { throw tooLarge(count, "2-byte count", UInt16.max) }
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(UInt8(truncatingIfNeeded: count))
    }

    /// A 1-byte length: a pile name's.
    mutating func appendLength(_ length: Int) throws(ServiceError) {
        guard (0...Int(UInt8.max)).contains(length) else { throw tooLarge(length, "1-byte length", UInt8.max) }
        bytes.append(UInt8(length))
    }

    mutating func appendCards(_ cards: [PlayingCard]) throws(ServiceError) {
        try appendCount(cards.count)
        for card in cards { bytes.append(card.storedByte) }
    }

    private func tooLarge(_ value: Int, _ field: String, _ limit: some BinaryInteger) -> ServiceError {
        ServiceError(.internalFailure, .store, value: id, "cannot be stored: \(value) does not fit a \(field) (at most \(limit))")
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func count() -> Int? {
        guard let pair = bytes(2) else { return nil }
        return Int(pair.first!) << 8 | Int(pair.last!)
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

private extension PlayingCard {
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
