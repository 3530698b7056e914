import PlayingCardRendering
import PlayingCards

extension CardSide {
    /// The 52 faces in deck order, then the two jokers (black, red) and the back when asked
    /// for: what `deck` and `sheet` draw.
    static func deck(jokers: Bool, back: Bool) -> [CardSide] {
        var sides = PlayingCard.standardDeck.map(CardSide.face)
        if jokers { sides += [.face(.joker(.black)), .face(.joker(.red))] }
        if back { sides.append(.back) }
        return sides
    }
}
