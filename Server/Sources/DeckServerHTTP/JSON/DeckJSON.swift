import DeckService

/// A deck answer: `{"success": true, "deck_id", "remaining", "shuffled", …}`, with the drawn
/// cards, the piles and the fairness record when the endpoint has them.
struct DeckJSON: Encodable, Sendable {
    struct PileJSON: Encodable, Sendable {
        var remaining: Int
        var cards: [CardJSON]?
    }

    struct FairJSON: Encodable, Sendable {
        var algorithm = "spc-fair-v1"
        var commitment: String
        var client_seed: String
        var nonce: UInt64
        var server_seed: String?
        var order: [String]?
    }

    var success = true
    var deck_id: String
    var remaining: Int
    var shuffled: Bool
    var cards: [CardJSON]?
    var piles: [String: PileJSON]?
    var fair: FairJSON?

    /// The answer for `view`; `piles` adds every pile's count (and the listed pile's cards).
    init(_ view: DeckView, base: String, piles includePiles: Bool = false) {
        deck_id = view.id
        remaining = view.remaining
        shuffled = view.shuffled
        cards = view.drawn?.map { CardJSON($0, base: base) }
        if includePiles {
            piles = Dictionary(uniqueKeysWithValues: view.piles.map { pile in
                (pile.name, PileJSON(remaining: pile.cards.count,
                                     cards: pile.name == view.listedPile ? pile.cards.map { CardJSON($0, base: base) } : nil))
            })
        }
        fair = view.fairness.map {
            FairJSON(commitment: $0.commitment, client_seed: $0.clientSeed, nonce: $0.nonce,
                     server_seed: $0.serverSeed, order: $0.order?.map(\.apiCode))
        }
    }
}

/// An error answer: `{"success": false, "error": "…"}`.
struct ErrorJSON: Encodable, Sendable {
    var success = false
    var error: String
}
