import DeckService

/// A table as one viewer sees it: `{"table_id", "version", "remaining", "seats": [{"number",
/// "name", "hand_count"}], "piles": {"center": {"remaining", "cards"}}}`, and with a seat's token
/// `your_seat` and `hand`; `seeded` says whether a client's seed ordered the deck. An answer to a request adds `"success": true` and, for an action,
/// `cards`, the cards it moved for this seat; an event's data is the view alone.
struct TableJSON: JSONAnswer, Decodable, Sendable {
    struct Seat: Codable, Sendable {
        var number: Int
        var name: String?
        var handCount: Int
        /// A free-form table's seat whose player shows their hand: its card codes (only then present).
        var shownHand: [String]?

        enum CodingKeys: String, CodingKey {
            case number, name
            case handCount = "hand_count"
            case shownHand = "shown_hand"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            // A free seat's name is written as null, so every seat has the same keys.
            try container.encode(name, forKey: .name)
            try container.encode(handCount, forKey: .handCount)
            try container.encodeIfPresent(shownHand, forKey: .shownHand)
        }
    }

    struct Pile: Codable, Sendable {
        var remaining: Int
        var cards: [CardJSON]
    }

    /// A pile's name as a key.
    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var success: Bool?
    var tableID: String
    var version: Int
    var remaining: Int
    var seats: [Seat]
    var piles: [(name: String, pile: Pile)]
    var yourSeat: Int?
    var hand: [CardJSON]?
    var cards: [CardJSON]?
    var seeded: Bool

    enum CodingKeys: String, CodingKey {
        case success
        case tableID = "table_id"
        case version, remaining, seats, piles
        case yourSeat = "your_seat"
        case hand, cards, seeded
    }

    /// The view as an answer (`answer`: with `success`) or as an event's data.
    init(_ view: TableView, base: String, answer: Bool = true) {
        success = answer ? true : nil
        tableID = view.id
        version = view.version
        remaining = view.remaining
        seats = view.seats.map { Seat(number: $0.number, name: $0.name, handCount: $0.handCount) }
        piles = view.piles.map { ($0.name, Pile(remaining: $0.cards.count, cards: $0.cards.map { CardJSON($0, base: base) })) }
        yourSeat = view.viewerSeat
        hand = view.hand?.map { CardJSON($0, base: base) }
        cards = answer ? view.moved?.map { CardJSON($0, base: base) } : nil
        seeded = view.seeded
    }

    /// A view may hold the viewer's hand: no cache keeps it.
    var isPrivate: Bool { true }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(success, forKey: .success)
        try container.encode(tableID, forKey: .tableID)
        try container.encode(version, forKey: .version)
        try container.encode(remaining, forKey: .remaining)
        try container.encode(seats, forKey: .seats)
        var pileContainer = container.nestedContainer(keyedBy: Name.self, forKey: .piles)
        for (name, pile) in piles { try pileContainer.encode(pile, forKey: Name(stringValue: name)) }
        try container.encodeIfPresent(yourSeat, forKey: .yourSeat)
        try container.encodeIfPresent(hand, forKey: .hand)
        try container.encodeIfPresent(cards, forKey: .cards)
        try container.encode(seeded, forKey: .seeded)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeIfPresent(Bool.self, forKey: .success)
        tableID = try container.decode(String.self, forKey: .tableID)
        version = try container.decode(Int.self, forKey: .version)
        remaining = try container.decode(Int.self, forKey: .remaining)
        seats = try container.decode([Seat].self, forKey: .seats)
        let pileContainer = try container.nestedContainer(keyedBy: Name.self, forKey: .piles)
        piles = try pileContainer.allKeys.map { ($0.stringValue, try pileContainer.decode(Pile.self, forKey: $0)) }
        yourSeat = try container.decodeIfPresent(Int.self, forKey: .yourSeat)
        hand = try container.decodeIfPresent([CardJSON].self, forKey: .hand)
        cards = try container.decodeIfPresent([CardJSON].self, forKey: .cards)
        seeded = try container.decode(Bool.self, forKey: .seeded)
    }
}

extension TableJSON.Seat {
    /// A free-form table's seat: a shown hand as card codes.
    init(_ seat: TabletopView.Seat) {
        self.init(number: seat.number, name: seat.name, handCount: seat.handCount, shownHand: seat.shownHand?.map(\.apiCode))
    }
}
