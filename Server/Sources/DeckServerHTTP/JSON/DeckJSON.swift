import DeckService

/// A deck answer: `{"success": true, "deck_id", "remaining", "shuffled", …}`, with the drawn
/// cards, the piles and the fairness record when the endpoint has them.
struct DeckJSON: Sendable, JSONWritable {
    struct PileJSON: Sendable {
        var remaining: Int
        var cards: [CardJSON]?
    }

    struct FairJSON: Sendable {
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
    /// In the order the piles were made.
    var piles: [(name: String, pile: PileJSON)]?
    var fair: FairJSON?

    /// The answer for `view`; `piles` adds every pile's count (and the listed pile's cards).
    init(_ view: DeckView, base: String, piles includePiles: Bool = false) {
        deck_id = view.id
        remaining = view.remaining
        shuffled = view.shuffled
        cards = view.drawn?.map { CardJSON($0, base: base) }
        if includePiles {
            piles = view.piles.map { pile in
                (pile.name, PileJSON(remaining: pile.cards.count,
                                     cards: pile.name == view.listedPile ? pile.cards.map { CardJSON($0, base: base) } : nil))
            }
        }
        fair = view.fairness.map {
            FairJSON(commitment: $0.commitment, client_seed: $0.clientSeed, nonce: $0.nonce,
                     server_seed: $0.serverSeed, order: $0.order?.map(\.apiCode))
        }
    }
}

extension DeckJSON {
    func write(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("success"); json.value(success)
            json.key("deck_id"); json.value(deck_id)
            json.key("remaining"); json.value(remaining)
            json.key("shuffled"); json.value(shuffled)
            if let cards {
                json.key("cards")
                json.array(cards) { json, card in card.write(to: &json) }
            }
            if let piles {
                json.key("piles")
                json.object { json in
                    for (name, pile) in piles {
                        json.key(name)
                        json.object { json in
                            json.key("remaining"); json.value(pile.remaining)
                            if let cards = pile.cards {
                                json.key("cards")
                                json.array(cards) { json, card in card.write(to: &json) }
                            }
                        }
                    }
                }
            }
            if let fair {
                json.key("fair")
                json.object { json in
                    json.key("algorithm"); json.value(fair.algorithm)
                    json.key("commitment"); json.value(fair.commitment)
                    json.key("client_seed"); json.value(fair.client_seed)
                    json.key("nonce"); json.value(fair.nonce)
                    if let seed = fair.server_seed { json.key("server_seed"); json.value(seed) }
                    if let order = fair.order {
                        json.key("order")
                        json.array(order) { json, code in json.value(code) }
                    }
                }
            }
        }
    }
}

/// An error answer: `{"success": false, "error": "…"}`.
struct ErrorJSON: Sendable, JSONWritable {
    var error: String

    func write(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("success"); json.value(false)
            json.key("error"); json.value(error)
        }
    }
}
