import Foundation
import PlayingCards
import Testing

@Suite("Model")
struct ModelTests {
    @Test func suitsHaveSymbolsNamesAndColours() {
        #expect(Suit.allCases.map(\.symbol) == ["♠", "♥", "♦", "♣"])
        #expect(Suit.allCases.map(\.name) == ["Spades", "Hearts", "Diamonds", "Clubs"])
        #expect(Suit.allCases.map(\.color) == [.black, .red, .red, .black])
    }

    @Test func ranksHaveSymbolsAndNames() {
        #expect(Rank.allCases.map(\.symbol) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
        #expect(Rank.ace.name == "Ace" && Rank.ten.name == "Ten" && Rank.king.name == "King")
        #expect(Rank.allCases.filter(\.isCourt) == [.jack, .queen, .king])
    }

    @Test func rankOrders() throws {
        #expect(Rank.two < Rank.king && Rank.king < Rank.ace)
        #expect(RankOrder.aceHigh.value(of: .ace) == 12 && RankOrder.aceHigh.value(of: .two) == 0)
        #expect(RankOrder.aceLow.value(of: .ace) == 0 && RankOrder.aceLow.value(of: .king) == 12)
        #expect(RankOrder.aceLow.areInIncreasingOrder(.ace, .two))
        #expect(!RankOrder.aceHigh.areInIncreasingOrder(.ace, .two))

        // A game's own order: in this one the jack is high.
        let jackHigh = try RankOrder(lowestFirst: [.two, .three, .four, .five, .six, .seven, .eight, .nine, .ten, .queen, .king, .ace, .jack])
        #expect(jackHigh.ranks.last == .jack)
        let hand = try [PlayingCard](parsing: "AS JD 2C KH")
        #expect(hand.sorted(by: jackHigh.areInIncreasingOrder).map(\.description) == ["2♣", "K♥", "A♠", "J♦"])
        #expect(hand.sorted(by: RankOrder.aceLow.areInIncreasingOrder).map(\.description) == ["A♠", "2♣", "J♦", "K♥"])
    }

    @Test func rankOrderRejectsBadLists() {
        #expect(throws: RankOrderError.duplicate(.ace)) { try RankOrder(lowestFirst: [.ace, .ace]) }
        let error = #expect(throws: RankOrderError.self) { try RankOrder(lowestFirst: Array(Rank.allCases.dropLast())) }
        #expect(error == .missing([.king]))
        #expect(error?.description.contains("missing King") == true)
    }

    @Test func cardsKnowTheirParts() {
        let card = PlayingCard(.queen, of: .hearts)
        #expect(card.rank == .queen && card.suit == .hearts && card.color == .red && !card.isJoker)
        #expect(card.face == .standard(.queen, .hearts))
        let joker = PlayingCard.joker(.black)
        #expect(joker.rank == nil && joker.suit == nil && joker.isJoker && joker.color == .black)
        #expect(joker.face == .joker(.black))
        #expect(MemoryLayout<PlayingCard>.size == 1)
        #expect(Set(PlayingCard.allCards).count == 54)
    }

    @Test func cardsEncodeAsShortCodes() throws {
        let cards = try [PlayingCard](parsing: "QH 10D X1 X2 As")
        let json = String(decoding: try JSONEncoder().encode(cards), as: UTF8.self)
        #expect(json == #"["QH","10D","X1","X2","AS"]"#)
        #expect(try JSONDecoder().decode([PlayingCard].self, from: Data(json.utf8)) == cards)
    }

    @Test func decodingAnUnknownCodeThrows() {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PlayingCard].self, from: Data(#"["QH","ZZ"]"#.utf8))
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains("'ZZ' is not a playing card"))
        #expect(context.codingPath.last?.intValue == 1)
    }
}
