/// Why a piece of text is not a playing card.
///
/// Its ``description`` names the input and says what is accepted, ready to show a user.
public struct PlayingCardParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the input.
    public enum Reason: Error, Sendable, Hashable {
        /// The input was empty or only white space.
        case empty
        /// The rank part is not a rank (for example the `1` or `11` of `11H`).
        case unknownRank(String)
        /// The suit part is not a suit (for example the `X` of `QX`).
        case unknownSuit(String)
        /// A Unicode knight (U+1F0AC, U+1F0BC, U+1F0CC, U+1F0DC): not in a 52-card deck.
        case knight(Suit)
        /// A character of the Unicode playing-card block that is not one of the 54 cards
        /// (a card back, a trump, the white joker).
        case notInDeck(Unicode.Scalar)
        /// `joker` without a colour.
        case jokerWithoutColor
        /// The text has none of the accepted shapes.
        case unrecognized
    }

    /// The text that failed to parse, as given.
    public let input: String
    /// What was wrong with it.
    public let reason: Reason

    /// Creates an error for `input`.
    public init(input: String, reason: Reason) {
        self.input = input
        self.reason = reason
    }

    /// A message naming the input, what was wrong, and what is accepted.
    public var description: String {
        let quoted = "'\(input)'"
        let accepted = "expected a code such as QH, 10d, Td or 0D, a symbol form such as Q♥ or A♠, "
            + "a Unicode card such as 🂡, a name such as 'Queen of Hearts', or a joker (X1, X2, 🃏, 'Red Joker')"
        switch reason {
        case .empty:
            return "empty card: \(accepted)"
        case .unknownRank(let rank):
            return "\(quoted) is not a playing card: '\(rank)' is not a rank (A, 2–10, T, 0 for ten, J, Q, K)"
        case .unknownSuit(let suit):
            return "\(quoted) is not a playing card: '\(suit)' is not a suit (S, H, D, C, ♠ ♥ ♦ ♣ or ♤ ♡ ♢ ♧)"
        case .knight(let suit):
            return "\(quoted) is the Knight of \(suit.name), which is not in a 52-card deck"
        case .notInDeck(let scalar):
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            return "\(quoted) (\(code)) is not one of the 52 cards or the red and black jokers"
        case .jokerWithoutColor:
            return "\(quoted) does not say which joker: use 'Red Joker' (X2) or 'Black Joker' (X1)"
        case .unrecognized:
            return "\(quoted) is not a playing card: \(accepted)"
        }
    }
}
