public import PlayingCards

/// What a new deck is made of and how it starts.
public struct NewDeckRequest: Sendable, Hashable {
    /// How many decks in the shoe.
    public var deckCount = 1
    /// The cards of one deck (a partial deck); `nil` for all 52.
    public var cards: [PlayingCard]?
    /// Whether each deck has the two jokers (ignored when ``cards`` is given).
    public var jokers = false
    /// How the deck is ordered.
    public var shuffle = ShuffleMode.none
    /// Cards to draw from the new deck at once; `nil` for none.
    public var draw: Int?

    /// A standard unshuffled deck; set the properties for others.
    public init() {}
}
