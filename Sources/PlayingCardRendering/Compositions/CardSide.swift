public import PlayingCards
public import PlayingCardLayout

/// A card's face or the card back: what sheets and print pages are made of.
public enum CardSide: Sendable, Hashable {
    /// The face of a card.
    case face(PlayingCard)
    /// The back.
    case back

    /// The name used for files and atlas entries: the card's code (`AS`, `10H`, `X1`) or `back`.
    public var code: String {
        switch self {
        case .face(let card): card.formatted(.code())
        case .back: "back"
        }
    }
}

extension CardRenderer {
    /// The drawing of one side.
    public func drawing(of side: CardSide) -> Drawing {
        switch side {
        case .face(let card): drawing(of: card)
        case .back: backDrawing()
        }
    }
}
