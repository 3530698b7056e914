package import PlayingCards

/// A deck as the service keeps it: the library's deck and piles, and what the API adds.
package struct StoredDeck: Sendable, Hashable {
    /// The cards, piles and composition.
    package var deck: PlayingCardDeck
    /// Whether the deck has been shuffled since it was made.
    package var shuffled: Bool
    /// The commitment and seeds of a provably fair deck; `nil` for other decks.
    package var fairness: Fairness?

    /// The seeds of a provably fair deck (`spc-fair-v1`).
    package struct Fairness: Sendable, Hashable {
        /// The server's secret seed, shown only once revealed.
        package var serverSeed: ShuffleSeed
        /// The player's seed, as given.
        package var clientSeed: String
        /// The deal number under this server seed.
        package var nonce: UInt64
        /// Whether the server seed has been revealed; a revealed deck takes no more changes.
        package var revealed: Bool

        /// The seeds of a fair deal.
        package init(serverSeed: ShuffleSeed, clientSeed: String, nonce: UInt64, revealed: Bool) {
            self.serverSeed = serverSeed
            self.clientSeed = clientSeed
            self.nonce = nonce
            self.revealed = revealed
        }
    }

    /// A deck made now.
    package init(deck: PlayingCardDeck, shuffled: Bool, fairness: Fairness? = nil) {
        self.deck = deck
        self.shuffled = shuffled
        self.fairness = fairness
    }
}
