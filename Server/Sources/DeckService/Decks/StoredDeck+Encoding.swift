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
        var out = RecordWriter(id: id)
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
        var reader = RecordReader(bytes: bytes)
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
