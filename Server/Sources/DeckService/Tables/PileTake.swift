public import PlayingCards

/// Where ``DeckService/takeFromTablePile(_:token:pile:_:)`` takes cards from a pile.
public enum PileTake: Sendable, Hashable {
    /// This many from the top.
    case count(Int)
    /// These cards, wherever they lie in the pile.
    case cards([PlayingCard])
}
