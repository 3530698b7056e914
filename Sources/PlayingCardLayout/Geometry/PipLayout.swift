public import PlayingCards

/// How the pips of a number card (ace to ten) are arranged.
public enum PipLayout: String, Sendable, Hashable, CaseIterable {
    /// As on real Anglo-American cards: two columns and a centre column, with the pips below
    /// the centre line turned 180° and a large ace.
    case standard
    /// The original row table, `[[0],[1],[1,1],[1,1,1],[2,2],[2,1,2],[2,2,2],[2,1,2,2],
    /// [2,2,2,2],[2,2,1,2,2],[2,2,2,2,2]]`: each row centred in an equal band, every pip upright.
    case classic

    /// The pip positions for `rank` in the pip area's own coordinates: `x` 0 (left column),
    /// 0.5 (centre), 1 (right column); `y` 0 (top row) to 1 (bottom row); and whether the pip
    /// is drawn turned 180°. Empty for court cards, which show artwork.
    public func positions(for rank: Rank) -> [(x: Double, y: Double, turned: Bool)] {
        guard !rank.isCourt else { return [] }
        switch self {
        case .standard: return Self.standard(rank.rawValue).map { ($0.x, $0.y, $0.y > 0.5) }
        case .classic: return Self.classic(rank.rawValue).map { ($0.x, $0.y, false) }
        }
    }

    private static let sides: [Double] = [0, 1]
    /// The four rows of the 9 and 10: 0, 1/3, 2/3, 1.
    private static let quarters: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]

    private static func sideColumns(at rows: [Double]) -> [(x: Double, y: Double)] {
        var pips: [(x: Double, y: Double)] = []
        for x in sides {
            for y in rows { pips.append((x: x, y: y)) }
        }
        return pips
    }

    /// DESIGN §3's table of real pip positions.
    private static func standard(_ value: Int) -> [(x: Double, y: Double)] {
        let corners = sideColumns(at: [0, 1])
        let middles = sideColumns(at: [0.5])
        switch value {
        case 1: return [(0.5, 0.5)]
        case 2: return [(0.5, 0), (0.5, 1)]
        case 3: return standard(2) + [(0.5, 0.5)]
        case 4: return corners
        case 5: return corners + [(0.5, 0.5)]
        case 6: return corners + middles
        case 7: return standard(6) + [(0.5, 0.25)]
        case 8: return standard(6) + [(0.5, 0.25), (0.5, 0.75)]
        case 9: return sideColumns(at: quarters) + [(0.5, 0.5)]
        default: return sideColumns(at: quarters) + [(0.5, 1.0 / 6), (0.5, 5.0 / 6)]
        }
    }

    /// The original row table, indexed by rank value (ace = 1).
    static let rows: [[Int]] = [[0], [1], [1, 1], [1, 1, 1], [2, 2], [2, 1, 2], [2, 2, 2], [2, 1, 2, 2], [2, 2, 2, 2], [2, 2, 1, 2, 2], [2, 2, 2, 2, 2]]

    private static func classic(_ value: Int) -> [(x: Double, y: Double)] {
        let table = rows[value]
        // Row k sits in the middle of the k-th of equal bands: (k + ½) / rows.
        return table.enumerated().flatMap { k, count in
            let y = (Double(k) + 0.5) / Double(table.count)
            return count == 1 ? [(x: 0.5, y: y)] : [(x: 0.0, y: y), (x: 1.0, y: y)]
        }
    }
}
