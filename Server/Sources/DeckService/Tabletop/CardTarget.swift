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
