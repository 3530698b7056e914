import PlayingCards
import Testing

@Suite("Piles")
struct PileTests {
    func cards(_ text: String) -> [PlayingCard] { try! [PlayingCard](parsing: text) }

    @Test func dealingOntoPiles() throws {
        var deck = PlayingCardDeck()
        try deck.deal(3, toPile: "table")
        #expect(deck.pile("table") == cards("3S 2S AS"))  // last dealt on top
        try deck.deal(cardsEach: 2, toPiles: ["alice", "bob"])
        #expect(deck.pile("alice") == cards("6S 4S") && deck.pile("bob") == cards("7S 5S"))
        #expect(deck.pileNames == ["table", "alice", "bob"])
        #expect(deck.pile("nobody") == nil)
        #expect(deck.count == 45)
    }

    @Test func addingHeldCards() throws {
        var deck = PlayingCardDeck()
        let hand = try deck.draw(3)
        try deck.add([hand[0]], toPile: "discard")
        try deck.add([hand[1]], toPile: "discard")
        try deck.add([hand[2]], toPile: "discard", at: .bottom)
        #expect(deck.pile("discard") == [hand[1], hand[0], hand[2]])
        try deck.add([], toPile: "empty")
        #expect(deck.pile("empty") == [])
    }

    @Test func noCardIsInTwoPlaces() throws {
        var deck = PlayingCardDeck()
        let hand = try deck.draw(2)
        try deck.add([hand[0]], toPile: "discard")
        #expect(throws: DeckError(.cardAlreadyInPile(hand[0], pile: "discard"))) { try deck.add([hand[0]], toPile: "other") }
        #expect(throws: DeckError(.cardAlreadyInPile(hand[0], pile: "discard"))) { try deck.return(hand[0]) }
        #expect(throws: DeckError(.cardAlreadyInDeck(PlayingCard(.king, of: .hearts)))) {
            try deck.add([PlayingCard(.king, of: .hearts)], toPile: "discard")
        }
        #expect(throws: DeckError(.cardNotFromThisDeck(.joker(.red)))) { try deck.add([.joker(.red)], toPile: "discard") }
        #expect(DeckError(.cardAlreadyInPile(hand[0], pile: "discard")).description == "Ace of Spades (AS) is already in pile 'discard'")
        #expect(deck.pile("discard") == [hand[0]])
        #expect(deck.pile("other") == nil, "a refused add must not make the pile")
    }

    @Test func drawingFromPiles() throws {
        var deck = PlayingCardDeck()
        try deck.deal(5, toPile: "stock")  // 5S 4S 3S 2S AS
        #expect(try deck.drawFromPile("stock") == PlayingCard(.five, of: .spades))
        #expect(try deck.drawFromPile("stock", from: .bottom) == PlayingCard(.ace, of: .spades))
        #expect(try deck.drawFromPile("stock", count: 2) == cards("4S 3S"))
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(3))
        #expect(try deck.drawAtRandom(fromPile: "stock", using: &generator) == PlayingCard(.two, of: .spades))
        #expect(deck.pile("stock") == [])
        #expect(throws: DeckError(.notEnoughCards(requested: 1, available: 0, place: "pile 'stock'"))) { try deck.drawFromPile("stock") }
        #expect(throws: DeckError(.notEnoughCards(requested: 1, available: 0, place: "pile 'stock'"))) { try deck.drawAtRandom(fromPile: "stock") }
        #expect(throws: DeckError(.noSuchPile("nope"))) { try deck.drawFromPile("nope") }
        #expect(DeckError(.noSuchPile("nope")).description == "there is no pile named 'nope'")
        #expect(deck.cardsOut.count == 5)
    }

    @Test func shufflingAPile() throws {
        var deck = PlayingCardDeck()
        try deck.deal(20, toPile: "p")
        let before = deck.pile("p")!
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(5))
        try deck.shufflePile("p", using: &generator)
        #expect(deck.pile("p")! != before && Set(deck.pile("p")!) == Set(before))
        try deck.shufflePile("p")
        #expect(Set(deck.pile("p")!) == Set(before))
        #expect(throws: DeckError(.noSuchPile("q"))) { try deck.shufflePile("q") }
    }

    @Test func returningAndTakingPiles() throws {
        var deck = PlayingCardDeck()
        try deck.deal(2, toPile: "a")  // 2S AS
        try deck.deal(2, toPile: "b")  // 4S 3S
        try deck.returnPile("a")
        #expect(deck.cards.suffix(2) == cards("2S AS") && deck.pile("a") == nil)
        try deck.returnPile("b", to: .top)
        #expect(deck.cards.prefix(2) == cards("4S 3S")[...])
        #expect(deck.count == 52)
        try deck.deal(2, toPile: "c")
        let taken = try deck.takePile("c")
        #expect(taken.count == 2 && deck.cardsOut == taken.sorted { a, b in deck.composition.firstIndex(of: a)! < deck.composition.firstIndex(of: b)! })
        try deck.return(taken)
        #expect(throws: DeckError(.noSuchPile("c"))) { try deck.returnPile("c") }
    }

    @Test func pileNamesMustNotBeEmpty() {
        var deck = PlayingCardDeck()
        #expect(throws: DeckError(.emptyPileName)) { try deck.deal(1, toPile: "") }
        #expect(throws: DeckError(.emptyPileName)) { try deck.deal(cardsEach: 1, toPiles: ["a", ""]) }
        #expect(throws: DeckError(.invalidHandCount(0))) { try deck.deal(cardsEach: 1, toPiles: []) }
        #expect(throws: DeckError.self) { try deck.deal(cardsEach: 30, toPiles: ["a", "b"]) }
        #expect(deck == PlayingCardDeck())
    }
}
