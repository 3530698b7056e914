package import PlayingCards

/// A change a seat asks of a ``Tabletop``.
package enum TabletopAction: Sendable, Hashable {
    /// Moves cards from one place to another, turning them as `face` says.
    case move(from: CardSource, to: CardTarget, face: Facing)
    /// Turns one card of a stack over in its place, or, with no card named, the whole stack,
    /// whose order then reverses as a real stack's does.
    case flip(stack: String, card: CardReference?)
    /// Moves a stack, sets its layout or rotation or label, or brings it to the front.
    case arrange(stack: String, Arrangement)
    /// Shuffles a stack's cards in place; each keeps the way it lay.
    case shuffle(stack: String)
    /// Takes the top `count` cards of a stack to a new stack at (x, y).
    case split(stack: String, count: Int, x: Double, y: Double)
    /// Every card back into the deck's stack, face down, shuffled.
    case gather
    /// Deals `count` cards to each taken seat, one at a time in seat order, from the top of a
    /// stack.
    case deal(from: String, count: Int)
    /// Takes back the seat's own last action.
    case undo

    /// The action's name, for messages.
    package var name: String {
        switch self {
        case .move: "move"
        case .flip: "flip"
        case .arrange: "arrange"
        case .shuffle: "shuffle"
        case .split: "split"
        case .gather: "gather"
        case .deal: "deal"
        case .undo: "undo"
        }
    }
}

/// Where a move takes cards from.
package enum CardSource: Sendable, Hashable {
    /// These cards of the seat's own hand; the last listed ends on top.
    case hand([PlayingCard])
    /// The top `count` cards of a stack, in their order.
    case top(stack: String, count: Int)
    /// These cards of a stack, named by face (face up only) or by handle, in the stack's order.
    case cards(stack: String, [CardReference])
}

/// A card of a stack, as a seat may name it.
package enum CardReference: Sendable, Hashable {
    /// A face-up card, by its face.
    case faceUp(PlayingCard)
    /// A card by its handle in the current view (the only way to name a face-down card).
    case handle(String)
}

/// Where a move puts cards.
package enum CardTarget: Sendable, Hashable {
    /// A new stack at (x, y).
    case newStack(x: Double, y: Double)
    /// The top of a stack.
    case top(stack: String)
    /// The bottom of a stack.
    case bottom(stack: String)
    /// A seat's hand (passing cards to another seat, or taking them into one's own).
    case hand(seat: Int)
}

/// Which way moved cards lie where they land.
package enum Facing: String, Sendable, Hashable, CaseIterable {
    /// Face up (cards from a hand with `keep` land face up too).
    case up
    /// Face down.
    case down
    /// As they lay.
    case keep
}

/// What an ``TabletopAction/arrange(stack:_:)`` changes; `nil` members stay as they are.
package struct Arrangement: Sendable, Hashable {
    /// A new place.
    package var x: Double?
    package var y: Double?
    /// A new layout.
    package var layout: FeltStack.Layout?
    /// A new rotation: 0 or 90.
    package var rotation: Int?
    /// A new label; an empty one removes it.
    package var label: String?
    /// Brings the stack over every other.
    package var toFront: Bool

    package init(
        x: Double? = nil, y: Double? = nil, layout: FeltStack.Layout? = nil, rotation: Int? = nil,
        label: String? = nil, toFront: Bool = false
    ) {
        (self.x, self.y, self.layout, self.rotation, self.label, self.toFront) = (x, y, layout, rotation, label, toFront)
    }
}

/// What a seat expects the table to be at, for an action that must not apply to a table that
/// changed since the seat looked: the table's version, or the versions of stacks it touches.
package struct ExpectedVersions: Sendable, Hashable {
    /// The table's version.
    package var table: Int?
    /// Versions of stacks, by id.
    package var stacks: [String: Int]

    package init(table: Int? = nil, stacks: [String: Int] = [:]) {
        self.table = table
        self.stacks = stacks
    }

    /// Nothing expected: the action applies while its cards are where it says.
    package static let none = ExpectedVersions()
}
