extension PlayingCardDeck {
    /// Returns a card that was drawn from this deck to the given end.
    ///
    /// - Throws: ``DeckError`` naming the card when it did not come from this deck, or when it
    ///   is already in the deck or in one of its piles.
    public mutating func `return`(_ card: PlayingCard, to end: End = .bottom) throws(DeckError) {
        try self.return([card], to: end)
    }

    /// Returns cards drawn from this deck, all or nothing.
    ///
    /// To the top, the first card of `returned` becomes the top card; to the bottom, the last
    /// becomes the bottom card.
    ///
    /// - Throws: ``DeckError`` naming the first card that did not come from this deck or is
    ///   already in it or in a pile; the deck is unchanged.
    public mutating func `return`(_ returned: [PlayingCard], to end: End = .bottom) throws(DeckError) {
        try checkOut(returned)
        stack.place(returned, at: end)
    }

    /// Checks that every card is out (drawn and held by the game), counting repeats.
    func checkOut(_ held: [PlayingCard]) throws(DeckError) {
        var out = outCounts()
        for card in held {
            guard out[Int(card.index)] == 0 else {
                out[Int(card.index)] -= 1
                continue
            }
            if let pile = piles.first(where: { $0.cards.contains(card) }) {
                throw DeckError(.cardAlreadyInPile(card, pile: pile.name))
            }
            throw DeckError(stack.contains(card) ? .cardAlreadyInDeck(card) : .cardNotFromThisDeck(card))
        }
    }

    /// For each card index, how many copies are out: in the composition, but neither in the
    /// deck nor in a pile.
    func outCounts() -> [Int] {
        var counts = [Int](repeating: 0, count: PlayingCard.allCards.count)
        for card in composition { counts[Int(card.index)] += 1 }
        for card in stack { counts[Int(card.index)] -= 1 }
        for pile in piles {
            for card in pile.cards { counts[Int(card.index)] -= 1 }
        }
        return counts
    }

    /// The cards drawn from this deck and held by the game: neither in the deck nor in a pile.
    public var cardsOut: [PlayingCard] {
        var out = outCounts()
        return composition.filter { card in
            guard out[Int(card.index)] > 0 else { return false }
            out[Int(card.index)] -= 1
            return true
        }
    }
}
