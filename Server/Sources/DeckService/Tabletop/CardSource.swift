package import PlayingCards

/// Where a move takes cards from.
package enum CardSource: Sendable, Hashable {
    /// These cards of the seat's own hand; the last listed ends on top.
    case hand([PlayingCard])
    /// The top `count` cards of a stack, in their order.
    case top(stack: String, count: Int)
    /// These cards of a stack, named by face (face up only) or by handle, in the stack's order.
    case cards(stack: String, [CardReference])
}
