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
