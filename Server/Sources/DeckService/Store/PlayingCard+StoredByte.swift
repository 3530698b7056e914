import PlayingCards

extension PlayingCard {
    /// Suit × 13 + rank − 1 (suits as `Suit`'s raw values), the black joker 52, the red 53.
    var storedByte: UInt8 {
        guard let rank, let suit else { return color == .black ? 52 : 53 }
        return UInt8(suit.rawValue * 13 + rank.rawValue - 1)
    }

    init?(storedByte byte: UInt8) {
        switch byte {
        case 0..<52: self.init(Rank(rawValue: Int(byte % 13) + 1)!, of: Suit(rawValue: Int(byte / 13))!)
        case 52: self = .joker(.black)
        case 53: self = .joker(.red)
        default: return nil
        }
    }
}
