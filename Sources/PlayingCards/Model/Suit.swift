/// One of the four French suits.
public enum Suit: Int, Sendable, Hashable, CaseIterable, Codable {
    /// ♠
    case spades
    /// ♥
    case hearts
    /// ♦
    case diamonds
    /// ♣
    case clubs

    /// The suit's symbol, in the filled form: ♠ ♥ ♦ ♣.
    public var symbol: Character {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }

    /// The suit's English name, capitalised and plural: `Spades`.
    public var name: String {
        switch self {
        case .spades: "Spades"
        case .hearts: "Hearts"
        case .diamonds: "Diamonds"
        case .clubs: "Clubs"
        }
    }

    /// The letter used in short codes: `S`, `H`, `D` or `C`.
    public var letter: Character {
        switch self {
        case .spades: "S"
        case .hearts: "H"
        case .diamonds: "D"
        case .clubs: "C"
        }
    }

    /// The colour of the suit on a two-colour deck.
    public var color: CardColor {
        switch self {
        case .spades, .clubs: .black
        case .hearts, .diamonds: .red
        }
    }
}

extension Suit: CustomStringConvertible {
    /// The suit's symbol, such as `♥`.
    public var description: String { String(symbol) }
}
