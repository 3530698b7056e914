import DeckService

/// A deck answer: `{"success": true, "deck_id", "remaining", "shuffled", …}`, with the drawn
/// cards, the piles and the fairness record when the endpoint has them.
package struct DeckJSON: JSONAnswer, Sendable {
    var success = true
    var deckID: String
    var remaining: Int
    var shuffled: Bool
    var cards: [CardJSON]?
    var piles: PilesJSON?
    var fair: FairJSON?

    enum CodingKeys: String, CodingKey {
        case success
        case deckID = "deck_id"
        case remaining, shuffled, cards, piles, fair
    }

    /// The answer for `view`; `piles` adds every pile's count (and the listed pile's cards).
    package init(_ view: DeckView, base: String, piles includePiles: Bool = false) {
        deckID = view.id
        remaining = view.remaining
        shuffled = view.shuffled
        cards = view.drawn?.map { CardJSON($0, base: base) }
        if includePiles { piles = PilesJSON(view, base: base) }
        fair = view.fairness.map(FairJSON.init)
    }
}

/// Every pile of a deck by name, in the order they were made: `{"discard": {"remaining": 2}, …}`.
struct PilesJSON: Encodable, Sendable {
    /// A pile's count, and its cards when it is the pile listed.
    struct Pile: Encodable, Sendable {
        var remaining: Int
        var cards: [CardJSON]?
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
}

/// A provably fair deck's public record: `{"algorithm", "commitment", "client_seed", "nonce"}`,
/// and once revealed `server_seed` and `order`.
struct FairJSON: Encodable, Sendable {
    var algorithm = "spc-fair-v1"
    var commitment: String
    var clientSeed: String
    var nonce: UInt64
    var serverSeed: String?
    var order: [String]?

    enum CodingKeys: String, CodingKey {
        case algorithm, commitment
        case clientSeed = "client_seed"
        case nonce
        case serverSeed = "server_seed"
        case order
    }

    init(_ fairness: DeckView.Fairness) {
        commitment = fairness.commitment
        clientSeed = fairness.clientSeed
        nonce = fairness.nonce
        serverSeed = fairness.serverSeed
        order = fairness.order?.map(\.apiCode)
    }
}
