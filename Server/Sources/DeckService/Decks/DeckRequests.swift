public import PlayingCards

/// How a new or reset deck is put in order.
public enum ShuffleMode: Sendable, Hashable {
    /// Not shuffled: new-deck order.
    case none
    /// The library's secure shuffle.
    case secure
    /// `spc-shuffle-v1` from a seed: the same order as `PlayingCardDeck.shuffle(seed:)`.
    case seeded(ShuffleSeed)
    /// Provably fair (`spc-fair-v1`): a secret server seed, committed to, and the player's seed.
    case fair(clientSeed: String)
}

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

/// Where cards are drawn from, in a deck or a pile.
public enum DrawPosition: Sendable, Hashable {
    /// From the top.
    case top
    /// From the bottom.
    case bottom
    /// From random positions, chosen by the secure generator.
    case random
}

/// Which cards to draw from a pile.
public enum PileSelection: Sendable, Hashable {
    /// These cards, wherever they are in the pile.
    case cards([PlayingCard])
    /// This many, from a position.
    case count(Int, DrawPosition)
}
