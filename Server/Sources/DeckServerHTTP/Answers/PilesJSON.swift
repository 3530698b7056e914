import DeckService

/// Every pile of a deck by name, in the order they were made: `{"discard": {"remaining": 2}, …}`.
struct PilesJSON: Codable, Sendable {
    /// A pile's count, and its cards when it is the pile listed.
    struct Pile: Codable, Sendable, Equatable {
        var remaining: Int
        var cards: [CardJSON]?

        enum CodingKeys: String, CodingKey {
            case remaining, cards
        }
    }

    var piles: [(name: String, pile: Pile)]

    init(_ view: DeckView, base: String) {
        piles = view.piles.map { pile in
            (pile.name, Pile(remaining: pile.cards.count,
                             cards: pile.name == view.listedPile ? pile.cards.map { CardJSON($0, base: base) } : nil))
        }
    }

    /// A pile's name as a key.
    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        for (name, pile) in piles { try container.encode(pile, forKey: Name(stringValue: name)) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Name.self)
        piles = try container.allKeys.map { ($0.stringValue, try container.decode(Pile.self, forKey: $0)) }
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for (name, pile) in piles {
            writer.key(name)
            writer.beginObject()
            writer.member(Pile.CodingKeys.remaining, pile.remaining)
            if let cards = pile.cards {
                writer.key(Pile.CodingKeys.cards)
                CardJSON.write(cards, to: &writer)
            }
            writer.endObject()
        }
        writer.endObject()
    }
}
