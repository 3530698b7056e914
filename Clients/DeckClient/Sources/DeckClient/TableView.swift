import DeckClientAPI

/// A table as one viewer sees it, kept up to date from its events: the same state the table page
/// holds. Build it from a `GET` (``init(_:)-(Tabletop)``) or from a stream's `view` event; a
/// change event moves it to the next version (``apply(_:)``).
public struct TableView: Sendable, Hashable {
    /// A card of a stack: its handle, which names it in actions until its stack next changes, and
    /// its code when it lies face up.
    public struct StackCard: Sendable, Hashable {
        /// The card's handle.
        public var handle: String
        /// The card's code (`QH`), or nil while it lies face down.
        public var code: String?
    }

    /// A stack on the felt.
    public struct Stack: Sendable, Hashable {
        /// `deck`, or `s` and a number.
        public var id: String
        /// Where its bottom card's top left corner lies, on a felt of 1000 × 700.
        public var x: Double
        /// See ``x``.
        public var y: Double
        /// Higher lies over lower.
        public var z: Int
        /// `squared`, `right` or `down`.
        public var layout: String
        /// A spread's step, in table units.
        public var step: Double?
        /// 0 or 90 degrees.
        public var rotation: Int
        /// The stack's label, if it has one.
        public var label: String?
        /// The table's version when the stack last changed.
        public var version: Int
        /// The seat holding it while dragging it, if any.
        public var heldBy: Int?
        /// Its cards, bottom first.
        public var cards: [StackCard]
    }

    /// A seat: its number, the name of who sits there (nil while free), how many cards their
    /// hand holds, and its cards while they show it to the table.
    public struct Seat: Sendable, Hashable {
        /// The seat's number, from 1.
        public var number: Int
        /// Who sits there, or nil for a free seat.
        public var name: String?
        /// The cards in that seat's hand.
        public var handCount: Int
        /// The hand's card codes while its player shows it to the table
        /// (``TableSeat/showHand(_:)``); nil while it is private.
        public var shownHand: [String]? = nil
    }

    /// The table's id; nil for a watcher, who never learns it.
    public var tableID: String?
    /// Up by one on every change.
    public var version: Int
    /// The stacks by id.
    public var stacks: [String: Stack]
    /// The seats in order.
    public var seats: [Seat]
    /// The viewer's seat, when the viewer has one.
    public var yourSeat: Int?
    /// The codes of the viewer's hand, in the viewer's order.
    public var hand: [String]
    /// Whether the deck's order came from a seed and was not shuffled since.
    public var seeded: Bool
    /// The felt's colour, when set.
    public var feltColour: String?
    /// The path of the felt's background image, when one is set.
    public var feltBackground: String?
    /// The seat of the table's creator, while they sit there.
    public var creatorSeat: Int?
    /// The table's watch link, shown to its creator only, while watching is on.
    public var watchKey: String?

    /// The view a `GET` of the table or an action answered, or a stream's `view` event carried
    /// (the same members).
    public init(_ table: Tabletop) {
        tableID = table.tableId
        version = table.version
        stacks = Self.stacks(table.stacks)
        seats = table.seats.map(Seat.init)
        yourSeat = table.yourSeat
        hand = table.hand ?? []
        seeded = table.seeded
        feltColour = table.felt.colour
        feltBackground = table.felt.background
        creatorSeat = table.creatorSeat
        watchKey = table.watch?.key
    }

    /// Moves the view to the change's version. A change applies only to the version it was made
    /// from; the stream sends a whole view instead whenever versions were skipped.
    mutating func apply(_ change: Components.Schemas.FeltEventChange) throws(DeckClientError) {
        guard change.from == version else {
            throw DeckClientError(status: 0, message: "a change from version \(change.from) cannot apply to the view at version \(version)")
        }
        for stack in change.stacks { stacks[stack.id] = Self.stack(stack) }
        for id in change.removed { stacks[id] = nil }
        if let changed = change.seats { seats = changed.map(Seat.init) }
        if let changed = change.hand { hand = changed }
        if let changed = change.seeded { seeded = changed }
        if let felt = change.felt {
            // The table's settings travel together: without a creator seat the creator has
            // left, and without a watch link watching is off.
            feltColour = felt.colour
            feltBackground = felt.background
            creatorSeat = change.creatorSeat
            watchKey = change.watch?.key
        }
        version = change.version
    }

    /// Stacks by id. Answers, views and changes write a stack alike: the card at index i from
    /// the bottom has the handle `handles` followed by i in base 36.
    static func stacks(_ stacks: [Components.Schemas.Stack]) -> [String: Stack] {
        Dictionary(stacks.map { ($0.id, stack($0)) }, uniquingKeysWith: { _, last in last })
    }

    static func stack(_ stack: Components.Schemas.Stack) -> Stack {
        Stack(id: stack.id, x: stack.x, y: stack.y, z: stack.z, layout: stack.layout.rawValue, step: stack.step,
              rotation: stack.rotation.rawValue, label: stack.label, version: stack.version, heldBy: stack.heldBy,
              cards: stack.cards.enumerated().map { index, code in
                  StackCard(handle: stack.handles + String(index, radix: 36), code: code)
              })
    }
}

extension TableView.Seat {
    init(_ seat: Components.Schemas.FeltSeat) {
        self.init(number: seat.number, name: seat.name, handCount: seat.handCount, shownHand: seat.shownHand)
    }
}
