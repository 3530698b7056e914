/// A way of writing a card as text.
///
/// | notation | Q♥ | 10♦ | red joker |
/// |---|---|---|---|
/// | ``code(_:)`` (default style) | `QH` | `10D` | `X2` |
/// | ``code(_:)`` with `.t` and lowercase suit | `Qh` | `Td` | `X2` |
/// | ``symbol`` | `Q♥` | `10♦` | `🂿` |
/// | ``unicode`` | `🂽` | `🃊` | `🂿` |
/// | ``name`` | `Queen of Hearts` | `Ten of Diamonds` | `Red Joker` |
///
/// Every notation is read back by ``PlayingCard/init(_:)``.
public enum CardNotation: Sendable, Hashable {
    /// A short code: rank then suit letter, such as `QH`; jokers are `X1` (black) and `X2` (red).
    case code(CodeStyle = CodeStyle())
    /// Rank then suit symbol, such as `Q♥`; jokers are their Unicode characters.
    case symbol
    /// The Unicode playing-card character, such as `🂽` (U+1F0BD) for the queen of hearts.
    case unicode
    /// The English name, such as `Queen of Hearts` or `Red Joker`.
    case name
}

/// How a short code is written.
public struct CodeStyle: Sendable, Hashable {
    /// How the ten is written in a code.
    public enum Ten: Sendable, Hashable, CaseIterable {
        /// `10H`
        case ten
        /// `TH`, the poker-software convention.
        case t
        /// `0H`, the convention of deckofcardsapi.
        case zero
    }

    /// How the ten is written; `10` by default.
    public var ten: Ten
    /// Whether the suit letter is lowercase (`Qh`) rather than uppercase (`QH`).
    public var lowercaseSuit: Bool

    /// A code style; the default writes `QH` and `10H`.
    public init(ten: Ten = .ten, lowercaseSuit: Bool = false) {
        self.ten = ten
        self.lowercaseSuit = lowercaseSuit
    }
}
