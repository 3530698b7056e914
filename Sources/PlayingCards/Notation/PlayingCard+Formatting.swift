extension PlayingCard {
    /// The card written in the given notation.
    ///
    /// ```swift
    /// PlayingCard(.queen, of: .hearts).formatted(.name)   // "Queen of Hearts"
    /// PlayingCard(.ten, of: .diamonds).formatted(.code(CodeStyle(ten: .t, lowercaseSuit: true)))   // "Td"
    /// ```
    public func formatted(_ notation: CardNotation) -> String {
        switch (notation, face) {
        case (.code, .joker(let color)):
            color == .black ? "X1" : "X2"
        case (.code(let style), .standard(let rank, let suit)):
            rankCode(rank, style) + (style.lowercaseSuit ? suit.letter.lowercased() : String(suit.letter))
        case (.symbol, .standard(let rank, let suit)):
            rank.symbol + String(suit.symbol)
        case (.symbol, .joker), (.unicode, _):
            String(Character(unicodeScalar))
        case (.name, .standard(let rank, let suit)):
            "\(rank.name) of \(suit.name)"
        case (.name, .joker(let color)):
            color == .black ? "Black Joker" : "Red Joker"
        }
    }

    private func rankCode(_ rank: Rank, _ style: CodeStyle) -> String {
        guard rank == .ten else { return rank.symbol }
        switch style.ten {
        case .ten: return "10"
        case .t: return "T"
        case .zero: return "0"
        }
    }

    /// The card's character in the Unicode Playing Cards block (U+1F0A0–U+1F0FF).
    var unicodeScalar: Unicode.Scalar {
        switch face {
        case .joker(let color):
            return Unicode.Scalar(color == .black ? 0x1F0CF : 0x1F0BF)!
        case .standard(let rank, let suit):
            let row: UInt32 = switch suit {
            case .spades: 0xA0
            case .hearts: 0xB0
            case .diamonds: 0xC0
            case .clubs: 0xD0
            }
            // The block has a knight (C) between jack (B) and queen (D).
            let column = UInt32(rank.rawValue) + (rank.rawValue >= Rank.queen.rawValue ? 1 : 0)
            return Unicode.Scalar(0x1F000 + row + column)!
        }
    }
}
