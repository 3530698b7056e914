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

// The draw mix's answer, written straight into a JSONWriter: the generic Encoder path took 8 %
// of the server's CPU under the draw mix (perf), and the draw mix ran 7 % slower with it than
// with a writer (old and new binaries alternating). The keys come from the same CodingKeys, so
// the wire names stay in one place, and a test holds this output equal to AnswerEncoder's.
extension DeckJSON {
    package func jsonBytes() throws -> [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(CodingKeys.success)
        writer.value(success)
        writer.key(CodingKeys.deckID)
        writer.value(deckID)
        writer.key(CodingKeys.remaining)
        writer.value(remaining)
        writer.key(CodingKeys.shuffled)
        writer.value(shuffled)
        if let cards {
            writer.key(CodingKeys.cards)
            CardJSON.write(cards, to: &writer)
        }
        if let piles {
            writer.key(CodingKeys.piles)
            piles.write(to: &writer)
        }
        if let fair {
            writer.key(CodingKeys.fair)
            fair.write(to: &writer)
        }
        writer.endObject()
    }
}

/// Every pile of a deck by name, in the order they were made: `{"discard": {"remaining": 2}, …}`.
struct PilesJSON: Encodable, Sendable {
    /// A pile's count, and its cards when it is the pile listed.
    struct Pile: Encodable, Sendable {
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

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for (name, pile) in piles {
            writer.key(name)
            writer.beginObject()
            writer.key(Pile.CodingKeys.remaining)
            writer.value(pile.remaining)
            if let cards = pile.cards {
                writer.key(Pile.CodingKeys.cards)
                CardJSON.write(cards, to: &writer)
            }
            writer.endObject()
        }
        writer.endObject()
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

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(CodingKeys.algorithm)
        writer.value(algorithm)
        writer.key(CodingKeys.commitment)
        writer.value(commitment)
        writer.key(CodingKeys.clientSeed)
        writer.value(clientSeed)
        writer.key(CodingKeys.nonce)
        writer.value(nonce)
        if let serverSeed {
            writer.key(CodingKeys.serverSeed)
            writer.value(serverSeed)
        }
        if let order {
            writer.key(CodingKeys.order)
            writer.beginArray()
            for code in order { writer.value(code) }
            writer.endArray()
        }
        writer.endObject()
    }
}
