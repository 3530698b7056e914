/// A deck of playing cards, its named piles, and the record of which cards belong to it.
///
/// `PlayingCardDeck()` is the standard 52-card deck in new-deck order (A♠…K♠, A♦…K♦, A♣…K♣,
/// A♥…K♥), top card first. Other decks add jokers, combine several decks into a shoe, or
/// strip ranks and suits.
///
/// A deck knows every card that belongs to it (its ``composition``). A card drawn from it is
/// *out*, held by the game, until it is returned or put in one of the deck's named piles; the
/// deck refuses any move that would put a card in two places at once, or bring in a card it
/// never had.
///
/// Operations that can fail throw ``DeckError`` and leave the deck unchanged.
public struct PlayingCardDeck: Sendable, Hashable {
    /// The largest number of decks in one shoe.
    public static let maximumDecks = 100

    /// The cards in the deck, top card first.
    public var cards: [PlayingCard] { stack }

    /// The cards in the deck, top card first (stored apart from ``cards`` so that inlinable
    /// shuffles can mutate it while the public property stays read-only).
    @usableFromInline var stack: [PlayingCard]

    /// Every card that belongs to this deck, in new-deck order: the deck ``reset()`` restores.
    public let composition: [PlayingCard]

    /// The named piles, in the order they were made.
    var piles: [Pile]

    struct Pile: Sendable, Hashable {
        var name: String
        /// Top card first.
        var cards: [PlayingCard]
    }

    /// The standard 52-card deck in new-deck order.
    public init() {
        self.init(cards: PlayingCard.standardDeck)
    }

    /// A deck of exactly these cards, in this order, top card first; it is also the deck's
    /// ``composition``. Repeated cards are allowed (a custom shoe).
    public init(cards: [PlayingCard]) {
        self.stack = cards
        self.composition = cards
        self.piles = []
    }

    /// A deck built from ranks and suits, with jokers, possibly several decks in one shoe.
    ///
    /// Each deck is laid out in new-deck order (suits ♠ ♦ ♣ ♥, ranks ace to king), keeping only
    /// the given ranks and suits, followed by its jokers (black, then red).
    ///
    /// ```swift
    /// let piquet = try PlayingCardDeck(ranks: [.seven, .eight, .nine, .ten, .jack, .queen, .king, .ace])
    /// let shoe = try PlayingCardDeck(decks: 6)
    /// let withJokers = try PlayingCardDeck(jokers: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - ranks: the ranks to keep; all 13 by default.
    ///   - suits: the suits to keep; all four by default.
    ///   - jokers: jokers per deck, 0 to 2; one joker is the black one.
    ///   - decks: how many decks, 1 to ``maximumDecks``.
    /// - Throws: ``DeckError`` for a joker or deck count out of range, or when nothing is left.
    public init(
        ranks: some Sequence<Rank> = Rank.allCases,
        suits: some Sequence<Suit> = Suit.allCases,
        jokers: Int = 0,
        decks: Int = 1
    ) throws(DeckError) {
        guard (0...2).contains(jokers) else { throw DeckError(.invalidJokerCount(jokers)) }
        guard (1...Self.maximumDecks).contains(decks) else { throw DeckError(.invalidDeckCount(decks)) }
        let ranks = Set(ranks)
        let suits = Set(suits)
        let one = PlayingCard.standardDeck.filter { ranks.contains($0.rank!) && suits.contains($0.suit!) }
            + [PlayingCard.joker(.black), .joker(.red)].prefix(jokers)
        guard !one.isEmpty else { throw DeckError(.noCards) }
        self.init(cards: Array([[PlayingCard]](repeating: one, count: decks).joined()))
    }

    /// The number of cards in the deck (not counting piles or cards held out).
    public var count: Int { stack.count }

    /// Whether the deck has no cards left.
    public var isEmpty: Bool { stack.isEmpty }

    /// Which end of the deck or of a pile an operation works at.
    public enum End: Sendable, Hashable {
        /// The top card, the first of ``PlayingCardDeck/cards``.
        case top
        /// The bottom card, the last of ``PlayingCardDeck/cards``.
        case bottom
    }

    /// Puts every card back, in new-deck order, and removes every pile.
    public mutating func reset() {
        stack = composition
        piles = []
    }
}

extension Array where Element == PlayingCard {
    /// Puts `cards` on top (the first of them becomes the top card) or at the bottom (the last
    /// of them becomes the bottom card), keeping their order.
    mutating func place(_ cards: [PlayingCard], at end: PlayingCardDeck.End) {
        if end == .top { insert(contentsOf: cards, at: 0) } else { append(contentsOf: cards) }
    }
}
