import DeckService

/// The free-form table as one viewer sees it: `{"table_id", "version", "stacks": [{"id", "x",
/// "y", "z", "layout", "step", "rotation", "label", "version", "held_by", "cards": [{"handle",
/// and when face up the card's "code", "image", …}]}], "seats", "your_seat", "hand", "seeded"}`.
/// An answer to a request adds `"success": true`; an action's adds `"moved"`, the cards it moved
/// into or out of the seat's hand, and `"changed"`: `{"stacks": [ids], "hands": [seats]}`. A
/// peek's adds `"peeked"`: `[{"handle", …card}]`, for the peeking seat's eyes only.
struct TabletopJSON: JSONAnswer, Sendable {
    struct Stack: Encodable, Sendable {
        var id: String
        var x: Double
        var y: Double
        var z: Int
        var layout: String
        var step: Double?
        var rotation: Int
        var label: String?
        var version: Int
        var heldBy: Int?
        var cards: [Card]

        enum CodingKeys: String, CodingKey {
            case id, x, y, z, layout, step, rotation, label, version, cards
            case heldBy = "held_by"
        }
    }

    /// A card of a stack: its handle, and its face's members when it is face up.
    struct Card: Encodable, Sendable {
        var handle: String
        var face: CardJSON?

        enum CodingKeys: String, CodingKey {
            case handle, faceUp = "face_up"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(handle, forKey: .handle)
            try container.encode(face != nil, forKey: .faceUp)
            try face?.encode(to: encoder)
        }
    }

    struct Changed: Encodable, Sendable {
        var stacks: [String]
        var hands: [Int]
    }

    var success: Bool?
    var tableID: String?
    var version: Int
    var stacks: [Stack]
    var seats: [TableJSON.Seat]
    var yourSeat: Int?
    var hand: [CardJSON]?
    var seeded: Bool
    var moved: [CardJSON]?
    var changed: Changed?
    var peeked: [Card]?
    var felt: FeltJSON
    var creatorSeat: Int?
    var watch: WatchJSON?

    enum CodingKeys: String, CodingKey {
        case success
        case tableID = "table_id"
        case version, stacks, seats
        case yourSeat = "your_seat"
        case hand, seeded, moved, changed, peeked, felt
        case creatorSeat = "creator_seat"
        case watch
    }

    /// The view as an answer (`answer`: with `success`) or as an event's data, for `audience`.
    init(_ view: TabletopView, base: String, answer: Bool = true, audience: TableAudience = .players) {
        success = answer ? true : nil
        tableID = audience.tableID(view.id)
        felt = FeltJSON(view.felt, table: view.id, audience: audience)
        creatorSeat = view.creatorSeat
        watch = view.watchKey.map(WatchJSON.init)
        version = view.version
        stacks = view.stacks.map { stack in
            Stack(
                id: stack.id, x: stack.x, y: stack.y, z: stack.z, layout: stack.layout, step: stack.step, rotation: stack.rotation,
                label: stack.label, version: stack.version, heldBy: stack.heldBy,
                cards: stack.cards.map { Card(handle: $0.handle, face: $0.face.map { CardJSON($0, base: base) }) })
        }
        seats = view.seats.map {
            TableJSON.Seat(
                number: $0.number, name: $0.name, handCount: $0.handCount,
                shownHand: $0.shownHand.map { .cards($0.map { CardJSON($0, base: base) }) })
        }
        yourSeat = view.viewerSeat
        hand = view.hand?.map { CardJSON($0, base: base) }
        seeded = view.seeded
    }

    /// An action's answer: the view and what the action did.
    init(_ answer: DeckService.TabletopAnswer, base: String) {
        self.init(answer.view, base: base)
        moved = answer.outcome.moved?.map { CardJSON($0, base: base) }
        changed = Changed(stacks: answer.outcome.stacks, hands: answer.outcome.hands)
    }

    /// A view may hold the viewer's hand: no cache keeps it.
    var isPrivate: Bool { true }
}
