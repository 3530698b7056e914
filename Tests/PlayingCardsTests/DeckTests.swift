import PlayingCards
import Testing

@Suite("Deck")
struct DeckTests {
    func card(_ code: String) -> PlayingCard { try! PlayingCard(code) }

    @Test func standardDeckIsInNewDeckOrder() {
        let deck = PlayingCardDeck()
        #expect(deck.count == 52 && !deck.isEmpty)
        #expect(deck.cards.prefix(14).map(\.description) == ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♦"])
        #expect(deck.cards[26] == card("AC") && deck.cards[39] == card("AH") && deck.cards[51] == card("KH"))
        #expect(Set(deck.cards).count == 52)
    }

    @Test func jokersShoesAndStrippedDecks() throws {
        let jokers = try PlayingCardDeck(jokers: 2)
        #expect(jokers.count == 54 && jokers.cards.suffix(2) == [.joker(.black), .joker(.red)])
        #expect(try PlayingCardDeck(jokers: 1).cards.last == .joker(.black))

        let shoe = try PlayingCardDeck(decks: 6)
        #expect(shoe.count == 312 && Set(shoe.cards).count == 52)

        let piquet = try PlayingCardDeck(ranks: [.seven, .eight, .nine, .ten, .jack, .queen, .king, .ace])
        #expect(piquet.count == 32 && piquet.cards.first == card("AS") && piquet.cards[1] == card("7S"))

        let redOnly = try PlayingCardDeck(suits: [.hearts, .diamonds])
        #expect(redOnly.count == 26 && redOnly.cards.allSatisfy { $0.color == .red })

        let partial = PlayingCardDeck(cards: try [PlayingCard](parsing: "AS KD 10H"))
        #expect(partial.count == 3 && partial.composition == partial.cards)
    }

    @Test func badDeckOptionsThrow() {
        #expect(throws: DeckError(.invalidJokerCount(3))) { try PlayingCardDeck(jokers: 3) }
        #expect(throws: DeckError(.invalidJokerCount(-1))) { try PlayingCardDeck(jokers: -1) }
        #expect(throws: DeckError(.invalidDeckCount(0))) { try PlayingCardDeck(decks: 0) }
        #expect(throws: DeckError(.invalidDeckCount(101))) { try PlayingCardDeck(decks: 101) }
        #expect(throws: DeckError(.noCards)) { try PlayingCardDeck(ranks: []) }
        #expect(DeckError(.invalidDeckCount(0)).description == "a shoe holds 1 to 100 decks, not 0")
        #expect(DeckError(.invalidJokerCount(3)).description == "a deck has 0, 1 or 2 jokers, not 3")
    }

    @Test func drawingFromTopAndBottom() throws {
        var deck = PlayingCardDeck()
        #expect(deck.draw() == card("AS"))
        #expect(deck.draw(from: .bottom) == card("KH"))
        #expect(try deck.draw(2) == [card("2S"), card("3S")])
        #expect(try deck.draw(2, from: .bottom) == [card("QH"), card("JH")])
        #expect(try deck.draw(0) == [])
        #expect(deck.count == 46)
    }

    @Test func drawingIsAllOrNothing() throws {
        var deck = PlayingCardDeck(cards: try [PlayingCard](parsing: "AS KD 10H"))
        let before = deck
        #expect(throws: DeckError(.notEnoughCards(requested: 4, available: 3, place: "deck"))) { try deck.draw(4) }
        #expect(throws: DeckError(.negativeCount(-1))) { try deck.draw(-1) }
        #expect(throws: DeckError.self) { try deck.draw(4, from: .bottom) }
        #expect(deck == before)
        #expect(DeckError(.notEnoughCards(requested: 4, available: 3, place: "deck")).description
            == "cannot take 4 cards from the deck: it holds 3")

        _ = try deck.draw(3)
        #expect(deck.draw() == nil && deck.draw(from: .bottom) == nil && deck.drawAtRandom() == nil && deck.peek() == nil)
    }

    @Test func drawingANamedCard() throws {
        var deck = PlayingCardDeck()
        #expect(try deck.draw(card("QH")) == card("QH"))
        #expect(!deck.cards.contains(card("QH")) && deck.count == 51)
        let error = #expect(throws: DeckError.self) { try deck.draw(card("QH")) }
        #expect(error?.description == "Queen of Hearts (QH) is not in the deck")
        #expect(throws: DeckError(.cardNotFound(.joker(.red), place: "deck"))) { try deck.draw(.joker(.red)) }
    }

    @Test func drawingAtRandomIsReproducibleWithAGenerator() {
        var first = PlayingCardDeck(), second = PlayingCardDeck()
        var a = Xoshiro256StarStar(seed: ShuffleSeed(9)), b = Xoshiro256StarStar(seed: ShuffleSeed(9))
        let drawnA = (0..<10).compactMap { _ in first.drawAtRandom(using: &a) }
        let drawnB = (0..<10).compactMap { _ in second.drawAtRandom(using: &b) }
        #expect(drawnA == drawnB && Set(drawnA).count == 10 && first.count == 42)
        var secure = PlayingCardDeck()
        let card = secure.drawAtRandom()
        #expect(card != nil && !secure.cards.contains(card!))
    }

    @Test func peeking() throws {
        let deck = PlayingCardDeck()
        #expect(deck.peek() == card("AS"))
        #expect(try deck.peek(2) == [card("AS"), card("2S")])
        #expect(try deck.peek(2, from: .bottom) == [card("KH"), card("QH")])
        #expect(throws: DeckError.self) { try deck.peek(53) }
        #expect(deck.count == 52)
    }

    @Test func cutting() throws {
        var deck = PlayingCardDeck(cards: try [PlayingCard](parsing: "AS 2S 3S 4S 5S"))
        try deck.cut(at: 2)
        #expect(deck.cards == (try [PlayingCard](parsing: "3S 4S 5S AS 2S")))
        try deck.cut(at: 0)
        try deck.cut(at: 5)
        #expect(deck.cards == (try [PlayingCard](parsing: "3S 4S 5S AS 2S")))
        #expect(throws: DeckError(.cutOutOfRange(6, count: 5))) { try deck.cut(at: 6) }
        #expect(throws: DeckError(.cutOutOfRange(-1, count: 5))) { try deck.cut(at: -1) }
        #expect(DeckError(.cutOutOfRange(6, count: 5)).description.contains("from 0 to 5"))
    }

    @Test func dealingGoesRoundTheTable() throws {
        var deck = PlayingCardDeck()
        let hands = try deck.deal(hands: 4, cardsEach: 3)
        #expect(hands.map { $0.map(\.description) } == [
            ["A♠", "5♠", "9♠"], ["2♠", "6♠", "10♠"], ["3♠", "7♠", "J♠"], ["4♠", "8♠", "Q♠"],
        ])
        #expect(deck.count == 40 && deck.peek() == card("KS"))
        #expect(try deck.deal(hands: 2, cardsEach: 0) == [[], []])
    }

    @Test func dealingRefusesBadRequestsAndKeepsTheDeck() {
        var deck = PlayingCardDeck()
        #expect(throws: DeckError(.invalidHandCount(0))) { try deck.deal(hands: 0, cardsEach: 5) }
        #expect(throws: DeckError(.negativeCount(-2))) { try deck.deal(hands: 2, cardsEach: -2) }
        #expect(throws: DeckError(.notEnoughCards(requested: 60, available: 52, place: "deck"))) { try deck.deal(hands: 6, cardsEach: 10) }
        #expect(throws: DeckError.self) { try deck.deal(hands: Int.max, cardsEach: 2) }
        #expect(deck == PlayingCardDeck())
    }

    @Test func returningCards() throws {
        var deck = PlayingCardDeck()
        let top = try deck.draw(3)
        try deck.return(top[0])
        #expect(deck.cards.last == top[0])
        try deck.return([top[1], top[2]], to: .top)
        #expect(Array(deck.cards.prefix(2)) == [top[1], top[2]])
        #expect(deck.count == 52)
    }

    @Test func returningRefusesCardsThatAreNotOut() throws {
        var deck = try PlayingCardDeck(ranks: [.ace, .king])
        let drawn = try deck.draw(1)  // A♠
        let before = deck

        let foreign = #expect(throws: DeckError.self) { try deck.return(PlayingCard(.two, of: .clubs)) }
        #expect(foreign?.code == .cardNotFromThisDeck(PlayingCard(.two, of: .clubs)))
        #expect(foreign?.description.hasPrefix("Two of Clubs (2C) did not come from this deck") == true)

        let inDeck = #expect(throws: DeckError.self) { try deck.return(PlayingCard(.king, of: .spades)) }
        #expect(inDeck?.description == "King of Spades (KS) is already in the deck")

        // All or nothing: the good card is not returned either, and a card cannot come back twice.
        #expect(throws: DeckError.self) { try deck.return([drawn[0], .joker(.red)]) }
        #expect(throws: DeckError(.cardNotFromThisDeck(drawn[0]))) { try deck.return([drawn[0], drawn[0]]) }
        #expect(deck == before)
    }

    @Test func shoesTrackCopies() throws {
        var shoe = try PlayingCardDeck(decks: 2)
        let aces = [try shoe.draw(card("AS")), try shoe.draw(card("AS"))]
        try shoe.return(aces[0])
        try shoe.return(aces[1])
        #expect(throws: DeckError(.cardAlreadyInDeck(card("AS")))) { try shoe.return(card("AS")) }
    }

    @Test func resetRestoresEverything() throws {
        var deck = try PlayingCardDeck(jokers: 2)
        deck.shuffle()
        _ = try deck.draw(10)
        try deck.deal(5, toPile: "discard")
        deck.reset()
        #expect(deck == (try PlayingCardDeck(jokers: 2)))
        #expect(deck.pileNames.isEmpty && deck.cardsOut.isEmpty)
    }

    @Test func shufflingKeepsTheCards() {
        var deck = PlayingCardDeck()
        deck.shuffle()
        #expect(deck.count == 52 && Set(deck.cards) == Set(PlayingCard.standardDeck))
        #expect(deck.cards != PlayingCard.standardDeck)  // 1 in 52! of failing
        let copy = deck.shuffled()
        #expect(copy.count == 52 && copy.cards != deck.cards)

        var generator = Xoshiro256StarStar(seed: ShuffleSeed(1))
        var other = Xoshiro256StarStar(seed: ShuffleSeed(1))
        #expect(PlayingCardDeck().shuffled(using: &generator) == PlayingCardDeck().shuffled(using: &other))
    }

    @Test func cardsOutAreThoseHeldByTheGame() throws {
        var deck = PlayingCardDeck()
        let hand = try deck.draw(3)
        try deck.deal(2, toPile: "crib")
        #expect(deck.cardsOut == hand)
    }
}
