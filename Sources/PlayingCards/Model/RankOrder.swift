/// An order of the thirteen ranks, from lowest to highest, chosen by a game.
///
/// ```swift
/// let hand = try [PlayingCard](parsing: "KS AH 2D")
/// let lowFirst = hand.sorted(by: RankOrder.aceLow.areInIncreasingOrder)
/// // [2♦, K♠, A♥] sorted ace low is [A♥, 2♦, K♠]
/// ```
public struct RankOrder: Sendable, Hashable {
    /// The value of each rank, indexed by `rank.rawValue - 1`; 0 is the lowest.
    private let values: [UInt8]

    /// The ranks from lowest to highest.
    public var ranks: [Rank] {
        Rank.allCases.sorted { values[$0.rawValue - 1] < values[$1.rawValue - 1] }
    }

    /// An order from the ranks listed lowest first.
    ///
    /// - Throws: ``RankOrderError`` unless `lowestFirst` lists each of the thirteen ranks exactly once.
    public init(lowestFirst: [Rank]) throws(RankOrderError) {
        var values = [UInt8](repeating: .max, count: Rank.allCases.count)
        for (position, rank) in lowestFirst.enumerated() {
            guard values[rank.rawValue - 1] == .max else { throw .duplicate(rank) }
            values[rank.rawValue - 1] = UInt8(position)
        }
        let missing = Rank.allCases.filter { values[$0.rawValue - 1] == .max }
        guard missing.isEmpty else { throw .missing(missing) }
        self.values = values
    }

    private init(unchecked lowestFirst: [Rank]) {
        var values = [UInt8](repeating: 0, count: Rank.allCases.count)
        for (position, rank) in lowestFirst.enumerated() { values[rank.rawValue - 1] = UInt8(position) }
        self.values = values
    }

    /// 2 < 3 < … < K < A.
    public static let aceHigh = RankOrder(unchecked: Array(Rank.allCases.dropFirst()) + [.ace])
    /// A < 2 < … < Q < K.
    public static let aceLow = RankOrder(unchecked: Rank.allCases)

    /// The rank's position in this order: 0 for the lowest rank, 12 for the highest.
    public func value(of rank: Rank) -> Int { Int(values[rank.rawValue - 1]) }

    /// Whether `lhs` ranks below `rhs` in this order; usable with `sorted(by:)`.
    public func areInIncreasingOrder(_ lhs: Rank, _ rhs: Rank) -> Bool {
        value(of: lhs) < value(of: rhs)
    }

    /// Whether card `lhs` ranks below card `rhs`: by rank in this order, then by suit
    /// (♠ ♥ ♦ ♣) to make the order total; jokers rank above every standard card, black
    /// before red.
    public func areInIncreasingOrder(_ lhs: PlayingCard, _ rhs: PlayingCard) -> Bool {
        sortKey(lhs) < sortKey(rhs)
    }

    private func sortKey(_ card: PlayingCard) -> Int {
        switch card.face {
        case .standard(let rank, let suit): value(of: rank) * 4 + suit.rawValue
        case .joker(let color): 100 + (color == .black ? 0 : 1)
        }
    }
}

/// Why a list of ranks is not a valid ``RankOrder``.
public enum RankOrderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rank is listed more than once.
    case duplicate(Rank)
    /// These ranks are not listed.
    case missing([Rank])

    /// A message naming the offending ranks.
    public var description: String {
        switch self {
        case .duplicate(let rank):
            "rank order lists \(rank.name) more than once; list each of the 13 ranks exactly once, lowest first"
        case .missing(let ranks):
            "rank order is missing \(ranks.map(\.name).joined(separator: ", ")); list each of the 13 ranks exactly once, lowest first"
        }
    }
}
