import DeckService

/// A stack of the free-form table, in the one form every view, change and event writes it:
/// `{"id", "x", "y", "z", "layout", "step", "rotation", "label", "version", "held_by",
/// "handles", "cards"}`. A card is its code (`"AS"`) when face up to the viewer and `null` when
/// face down; the handles are given once, as the prefix they share: the card at index `i` from
/// the bottom has the handle `handles` followed by `i` in base 36.
struct StackJSON: Codable, Sendable {
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
    var handles: String
    var cards: [String?]

    enum CodingKeys: String, CodingKey {
        case id, x, y, z, layout, step, rotation, label, version, handles, cards
        case heldBy = "held_by"
    }

    init(_ stack: TabletopView.Stack) {
        (id, x, y, z, layout, step, rotation, label, version, heldBy, handles) = (
            stack.id, stack.x, stack.y, stack.z, stack.layout, stack.step, stack.rotation, stack.label, stack.version,
            stack.heldBy, stack.handles)
        cards = stack.cards.map { $0.face?.apiCode }
    }
}
