/// The saved form of a deck: its version, composition, cards and piles.
///
/// ```json
/// {"version": 1,
///  "composition": ["AS", "2S", …],
///  "cards": ["7H", "QS", …],
///  "piles": [{"name": "discard", "cards": ["2C"]}]}
/// ```
///
/// Cards are short codes, top card first. Decoding checks the version, every code, that pile
/// names are unique and not empty, and that no card is in the deck or the piles more times
/// than the composition has it; any failure throws a `DecodingError` that says which.
extension PlayingCardDeck: Codable {
    /// The version of the saved form this library writes and reads.
    public static let stateVersion = 1

    private enum CodingKeys: String, CodingKey {
        case version, composition, cards, piles
    }

    private struct SavedPile: Codable {
        var name: String
        var cards: [PlayingCard]
    }

    /// Restores a deck saved by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkStateVersion(forKey: .version, of: "deck", supported: Self.stateVersion)
        composition = try container.decode([PlayingCard].self, forKey: .composition)
        stack = try container.decode([PlayingCard].self, forKey: .cards)
        piles = try container.decode([SavedPile].self, forKey: .piles).map { Pile(name: $0.name, cards: $0.cards) }

        var seenNames = Set<String>()
        for pile in piles {
            guard !pile.name.isEmpty, seenNames.insert(pile.name).inserted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .piles, in: container,
                    debugDescription: pile.name.isEmpty ? "a pile has an empty name" : "two piles are named '\(pile.name)'")
            }
        }
        if let extra = outCounts().firstIndex(where: { $0 < 0 }) {
            let card = PlayingCard(index: UInt8(extra))
            throw DecodingError.dataCorruptedError(
                forKey: .cards, in: container,
                debugDescription: "\(card.formatted(.code())) is in the deck and piles more times than the composition has it")
        }
    }

    /// Saves the deck, its piles and its composition.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.stateVersion, forKey: .version)
        try container.encode(composition, forKey: .composition)
        try container.encode(stack, forKey: .cards)
        try container.encode(piles.map { SavedPile(name: $0.name, cards: $0.cards) }, forKey: .piles)
    }
}
