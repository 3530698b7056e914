public import PlayingCards

/// What the service answers about a deck after an operation.
public struct DeckView: Sendable, Hashable {
    /// The deck's id.
    public var id: String
    /// Cards left in the deck (not in piles, not drawn).
    public var remaining: Int
    /// Whether the deck has been shuffled since it was made.
    public var shuffled: Bool
    /// Every pile, in the order they were made, with its card count.
    public var piles: [Pile]
    /// The cards this operation drew, in the order drawn; `nil` when it drew none by design.
    public var drawn: [PlayingCard]?
    /// The pile this operation listed, with its cards.
    public var listedPile: String?
    /// The commitment (and, once revealed, the seeds) of a provably fair deck.
    public var fairness: Fairness?
    /// How many cards a lenient draw asked for, when fewer remained and all of them were
    /// drawn; `nil` when the draw was whole.
    public var asked: Int?
    /// The listed cards a lenient add or return left where they were, each with the reason, in
    /// the order listed; empty when every listed card moved.
    public var leftOut: [LeftOut] = []

    /// A listed card an operation left where it was, and why.
    public struct LeftOut: Sendable, Hashable {
        /// The card.
        public var card: PlayingCard
        /// Why it did not move.
        public var reason: Reason

        /// Why a listed card did not move.
        public enum Reason: Sendable, Hashable {
            /// It is still in the deck: never drawn, or returned.
            case inDeck
            /// It lies in this pile (every copy of it that could move, in a shoe).
            case inPile(String)
            /// The pile it was to come from does not hold it.
            case notInPile(String)
            /// It is listed more often than the game holds it: every copy that could move is
            /// already moving with this request.
            case listedAgain
            /// It is not one of this deck's cards (a joker in a deck without jokers, a card a
            /// partial deck left out).
            case notInThisDeck
        }

        /// A card left out for `reason`.
        public init(_ card: PlayingCard, _ reason: Reason) {
            self.card = card
            self.reason = reason
        }
    }

    /// A pile and its cards, bottom card first (the order they were added; the top is last).
    public struct Pile: Sendable, Hashable {
        /// The pile's name.
        public var name: String
        /// Its cards, bottom first.
        public var cards: [PlayingCard]
    }

    /// The public part of a provably fair deck.
    public struct Fairness: Sendable, Hashable {
        /// SHA-256 of the server seed, lower-case hex: published before any card is seen.
        public var commitment: String
        /// The player's seed.
        public var clientSeed: String
        /// The deal number.
        public var nonce: UInt64
        /// The server seed, 64 hex digits: only once revealed.
        public var serverSeed: String?
        /// The deck's order right after the fair shuffle, top first: only once revealed.
        public var order: [PlayingCard]?
    }
}
