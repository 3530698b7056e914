public import PlayingCards

/// Which cards to draw from a pile.
public enum PileSelection: Sendable, Hashable {
    /// These cards, wherever they are in the pile.
    case cards([PlayingCard])
    /// This many, from a position.
    case count(Int, DrawPosition)
}
