package import PlayingCards

/// A card of a stack, as a seat may name it.
package enum CardReference: Sendable, Hashable {
    /// A face-up card, by its face.
    case faceUp(PlayingCard)
    /// A card by its handle in the current view (the only way to name a face-down card).
    case handle(String)
}
