/// A playing card: one of the 52 standard cards, or a red or black joker.
///
/// A card is a one-byte value, so decks and shuffles stay compact and fast.
///
/// ```swift
/// let queen = PlayingCard(.queen, of: .hearts)   // Q♥
/// let same = try PlayingCard("QH")
/// let joker = PlayingCard.joker(.red)
/// ```
public struct PlayingCard: Sendable, Hashable {
    /// 0–51: `suit.rawValue * 13 + rank.rawValue - 1`; 52: black joker; 53: red joker.
    @usableFromInline let index: UInt8

    @usableFromInline init(index: UInt8) {
        self.index = index
    }

    /// The standard card of the given rank and suit.
    @inlinable public init(_ rank: Rank, of suit: Suit) {
        index = UInt8(suit.rawValue * 13 + rank.rawValue - 1)
    }

    /// The joker of the given colour.
    public static func joker(_ color: CardColor) -> PlayingCard {
        PlayingCard(index: color == .black ? 52 : 53)
    }

    /// What the card is: a standard card with its rank and suit, or a joker with its colour.
    public enum Face: Sendable, Hashable {
        /// A card of the 52-card deck.
        case standard(Rank, Suit)
        /// A joker of the given colour.
        case joker(CardColor)
    }

    /// What the card is, for `switch` statements.
    public var face: Face {
        if let rank, let suit { .standard(rank, suit) } else { .joker(color) }
    }

    /// The card's rank, or `nil` for a joker.
    // Inlinable: servers read every card's rank and suit to store and answer it.
    @inlinable public var rank: Rank? {
        index < 52 ? Rank(rawValue: Int(index % 13) + 1) : nil
    }

    /// The card's suit, or `nil` for a joker.
    @inlinable public var suit: Suit? {
        index < 52 ? Suit(rawValue: Int(index / 13)) : nil
    }

    /// Whether the card is a joker.
    @inlinable public var isJoker: Bool { index >= 52 }

    /// The colour the card is printed in: its suit's colour, or the joker's.
    public var color: CardColor {
        switch index {
        case 52: .black
        case 53: .red
        default: suit!.color
        }
    }

    /// The 52 standard cards in new-deck order: A♠…K♠, A♦…K♦, A♣…K♣, A♥…K♥.
    public static let standardDeck: [PlayingCard] = [Suit.spades, .diamonds, .clubs, .hearts].flatMap { suit in
        Rank.allCases.map { PlayingCard($0, of: suit) }
    }

    /// Every distinct card: the 52 standard cards in new-deck order, then the black and red jokers.
    public static let allCards: [PlayingCard] = standardDeck + [.joker(.black), .joker(.red)]
}

extension PlayingCard: CustomStringConvertible {
    /// The card in symbol notation: `Q♥`, `10♦`; jokers as `🃏` (black) and `🂿` (red).
    public var description: String { formatted(.symbol) }
}

extension PlayingCard: CustomDebugStringConvertible {
    /// The card's name, such as `Queen of Hearts`.
    public var debugDescription: String { formatted(.name) }
}
