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
