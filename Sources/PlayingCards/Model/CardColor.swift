/// The colour a suit or a joker is printed in on a traditional two-colour deck.
public enum CardColor: String, Sendable, Hashable, CaseIterable, Codable {
    /// Hearts, diamonds and the red joker.
    case red
    /// Spades, clubs and the black joker.
    case black
}
