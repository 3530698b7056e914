public import PlayingCards

/// A deck as the service keeps it: the library's deck and piles, and what the API adds.
public struct StoredDeck: Sendable, Hashable {
    /// The cards, piles and composition.
    public var deck: PlayingCardDeck
    /// Whether the deck has been shuffled since it was made.
    public var shuffled: Bool
    /// The commitment and seeds of a provably fair deck; `nil` for other decks.
    public var fairness: Fairness?

    /// The seeds of a provably fair deck (`spc-fair-v1`).
    public struct Fairness: Sendable, Hashable {
        /// The server's secret seed, shown only once revealed.
        public var serverSeed: ShuffleSeed
        /// The player's seed, as given.
        public var clientSeed: String
        /// The deal number under this server seed.
        public var nonce: UInt64
        /// Whether the server seed has been revealed; a revealed deck takes no more changes.
        public var revealed: Bool

        /// The seeds of a fair deal.
        public init(serverSeed: ShuffleSeed, clientSeed: String, nonce: UInt64, revealed: Bool) {
            self.serverSeed = serverSeed
            self.clientSeed = clientSeed
            self.nonce = nonce
            self.revealed = revealed
        }
    }

    /// A deck made now.
    public init(deck: PlayingCardDeck, shuffled: Bool, fairness: Fairness? = nil) {
        self.deck = deck
        self.shuffled = shuffled
        self.fairness = fairness
    }
}
