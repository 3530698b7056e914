import DeckService

/// An answer of the free-form table: the view (``TabletopViewJSON``, the same members the event
/// stream's `view` writes) and `"success": true`. An action's answer adds `"moved"`, the cards it
/// moved into or out of the seat's hand (whole cards, with images), and `"changed"`:
/// `{"stacks": [ids], "hands": [seats]}`. A peek's adds `"peeked"`: `[{"handle", "face_up", …card}]`,
/// for the peeking seat's eyes only. The view's members read as the answer's own (`answer.stacks`).
@dynamicMemberLookup
struct TabletopJSON: JSONAnswer, Decodable, Sendable {
    /// A peeked card: its handle and its face's members.
    struct Card: Codable, Sendable {
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

        init(handle: String, face: CardJSON?) {
            self.handle = handle
            self.face = face
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            handle = try container.decode(String.self, forKey: .handle)
            face = try container.decode(Bool.self, forKey: .faceUp) ? try CardJSON(from: decoder) : nil
        }
    }

    struct Changed: Codable, Sendable {
        var stacks: [String]
        var hands: [Int]
    }

    /// `true` in an answer; absent where the view goes inside another answer (a conflict's table).
    var success: Bool?
    var view: TabletopViewJSON
    var moved: [CardJSON]?
    var changed: Changed?
    var peeked: [Card]?

    enum CodingKeys: String, CodingKey {
        case success, moved, changed, peeked
    }

    /// The view as an answer (`answer`: with `success`), for `audience`.
    init(_ view: TabletopView, answer: Bool = true, audience: TableAudience = .players) {
        success = answer ? true : nil
        self.view = TabletopViewJSON(view, audience: audience)
    }

    /// An action's answer: the view and what the action did.
    init(_ answer: DeckService.TabletopAnswer, base: String) {
        self.init(answer.view)
        moved = answer.outcome.moved?.map { CardJSON($0, base: base) }
        changed = Changed(stacks: answer.outcome.stacks, hands: answer.outcome.hands)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        success = try container.decodeIfPresent(Bool.self, forKey: .success)
        view = try TabletopViewJSON(from: decoder)
        moved = try container.decodeIfPresent([CardJSON].self, forKey: .moved)
        changed = try container.decodeIfPresent(Changed.self, forKey: .changed)
        peeked = try container.decodeIfPresent([Card].self, forKey: .peeked)
    }

    /// The view's members, as the answer's own.
    subscript<Member>(dynamicMember member: KeyPath<TabletopViewJSON, Member>) -> Member { view[keyPath: member] }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(success, forKey: .success)
        try view.encode(to: encoder)
        try container.encodeIfPresent(moved, forKey: .moved)
        try container.encodeIfPresent(changed, forKey: .changed)
        try container.encodeIfPresent(peeked, forKey: .peeked)
    }

    /// A view may hold the viewer's hand: no cache keeps it.
    var isPrivate: Bool { true }
}
