/// The rank of a standard card, from ace to king.
///
/// The raw value is the card's face number, with the ace as 1 and the court cards as 11, 12
/// and 13. `Comparable` orders ranks ace high, the most common order in games; use
/// ``RankOrder`` for any other.
public enum Rank: Int, Sendable, Hashable, CaseIterable, Codable {
    /// A, raw value 1.
    case ace = 1
    /// 2
    case two
    /// 3
    case three
    /// 4
    case four
    /// 5
    case five
    /// 6
    case six
    /// 7
    case seven
    /// 8
    case eight
    /// 9
    case nine
    /// 10
    case ten
    /// J, raw value 11.
    case jack
    /// Q, raw value 12.
    case queen
    /// K, raw value 13.
    case king

    /// The rank as it is printed in a card's index: `A`, `2` … `10`, `J`, `Q`, `K`.
    public var symbol: String {
        switch self {
        case .ace: "A"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: String(rawValue)
        }
    }

    /// The rank's English name, capitalised: `Ace`, `Two` … `King`.
    public var name: String {
        switch self {
        case .ace: "Ace"
        case .two: "Two"
        case .three: "Three"
        case .four: "Four"
        case .five: "Five"
        case .six: "Six"
        case .seven: "Seven"
        case .eight: "Eight"
        case .nine: "Nine"
        case .ten: "Ten"
        case .jack: "Jack"
        case .queen: "Queen"
        case .king: "King"
        }
    }

    /// Whether the rank is a court (face) card: jack, queen or king.
    public var isCourt: Bool { rawValue >= Rank.jack.rawValue }
}

extension Rank: Comparable {
    /// Orders ranks ace high: 2 < 3 < … < K < A.
    public static func < (lhs: Rank, rhs: Rank) -> Bool {
        RankOrder.aceHigh.value(of: lhs) < RankOrder.aceHigh.value(of: rhs)
    }
}

extension Rank: CustomStringConvertible {
    /// The rank's index symbol, such as `Q` or `10`.
    public var description: String { symbol }
}
