/// Why a deck operation was refused. A refused operation leaves the deck as it was.
///
/// Its ``description`` says what was asked, what is wrong, and what is allowed.
public struct DeckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, with the values involved.
    public enum Code: Sendable, Hashable {
        /// A count below zero was asked for.
        case negativeCount(Int)
        /// More cards were asked for than `place` holds.
        case notEnoughCards(requested: Int, available: Int, place: String)
        /// The named card is not in `place`.
        case cardNotFound(PlayingCard, place: String)
        /// The card does not belong to this deck (a card it never had, or one more copy
        /// than it has).
        case cardNotFromThisDeck(PlayingCard)
        /// Every copy of the card this deck has is already in the deck.
        case cardAlreadyInDeck(PlayingCard)
        /// The card is already in the named pile.
        case cardAlreadyInPile(PlayingCard, pile: String)
        /// There is no pile with this name.
        case noSuchPile(String)
        /// A pile name must not be empty.
        case emptyPileName
        /// The cut position is outside `0...count`.
        case cutOutOfRange(Int, count: Int)
        /// The number of hands is below one.
        case invalidHandCount(Int)
        /// The number of jokers is outside 0–2.
        case invalidJokerCount(Int)
        /// The number of decks in a shoe is outside ``PlayingCardDeck/maximumDecks``.
        case invalidDeckCount(Int)
        /// The requested ranks, suits and jokers leave no card at all.
        case noCards
    }

    /// What went wrong.
    public let code: Code

    /// Creates an error with the given code.
    public init(_ code: Code) {
        self.code = code
    }

    /// A message a user can act on.
    public var description: String {
        switch code {
        case .negativeCount(let count):
            "cannot take \(count) cards: the count must be 0 or more"
        case .notEnoughCards(let requested, let available, let place):
            "cannot take \(requested) cards from the \(place): it holds \(available)"
        case .cardNotFound(let card, let place):
            "\(card.formatted(.name)) (\(card.formatted(.code()))) is not in the \(place)"
        case .cardNotFromThisDeck(let card):
            "\(card.formatted(.name)) (\(card.formatted(.code()))) did not come from this deck: "
                + "it has no copy of that card out to be returned"
        case .cardAlreadyInDeck(let card):
            "\(card.formatted(.name)) (\(card.formatted(.code()))) is already in the deck"
        case .cardAlreadyInPile(let card, let pile):
            "\(card.formatted(.name)) (\(card.formatted(.code()))) is already in pile '\(pile)'"
        case .noSuchPile(let name):
            "there is no pile named '\(name)'"
        case .emptyPileName:
            "a pile name must not be empty"
        case .cutOutOfRange(let index, let count):
            "cannot cut at \(index): the position must be from 0 to \(count), the number of cards in the deck"
        case .invalidHandCount(let hands):
            "cannot deal \(hands) hands: deal to 1 hand or more"
        case .invalidJokerCount(let jokers):
            "a deck has 0, 1 or 2 jokers, not \(jokers)"
        case .invalidDeckCount(let decks):
            "a shoe holds 1 to \(PlayingCardDeck.maximumDecks) decks, not \(decks)"
        case .noCards:
            "the chosen ranks, suits and jokers leave no card in the deck"
        }
    }
}
