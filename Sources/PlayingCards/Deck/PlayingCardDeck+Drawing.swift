extension PlayingCardDeck {
    /// Draws the top card, or returns `nil` when the deck is empty.
    @discardableResult
    public mutating func draw() -> PlayingCard? {
        draw(from: .top)
    }

    /// Draws the card at the given end, or returns `nil` when the deck is empty.
    @discardableResult
    public mutating func draw(from end: End) -> PlayingCard? {
        guard !stack.isEmpty else { return nil }
        return end == .top ? stack.removeFirst() : stack.removeLast()
    }

    /// Draws `count` cards from the given end, all or nothing.
    ///
    /// The cards come back in the order they were drawn: from the top, the top card first;
    /// from the bottom, the bottom card first.
    ///
    /// - Throws: ``DeckError`` for a negative count or more cards than remain; the deck is unchanged.
    public mutating func draw(_ count: Int, from end: End = .top) throws(DeckError) -> [PlayingCard] {
        let drawn = try peek(count, from: end)
        if end == .top { stack.removeFirst(count) } else { stack.removeLast(count) }
        return drawn
    }

    /// Draws the given card from wherever it is in the deck (the copy nearest the top).
    ///
    /// - Throws: ``DeckError`` naming the card when it is not in the deck.
    @discardableResult
    public mutating func draw(_ card: PlayingCard) throws(DeckError) -> PlayingCard {
        guard let position = stack.firstIndex(of: card) else {
            throw DeckError(.cardNotFound(card, place: "deck"))
        }
        return stack.remove(at: position)
    }

    /// Draws a card from a random position, chosen by the secure default generator.
    @discardableResult
    public mutating func drawAtRandom() -> PlayingCard? {
        var generator = ThreadSecureGenerator()
        return drawAtRandom(using: &generator)
    }

    /// Draws a card from a random position chosen by `generator`.
    @discardableResult
    public mutating func drawAtRandom(using generator: inout some RandomNumberGenerator) -> PlayingCard? {
        guard !stack.isEmpty else { return nil }
        return stack.remove(at: Int(BoundedRandom.uniform(below: UInt64(stack.count), using: &generator)))
    }

    /// The top card, without drawing it; `nil` when the deck is empty.
    public func peek() -> PlayingCard? {
        stack.first
    }

    /// The `count` cards at the given end, without drawing them, in the order ``draw(_:from:)``
    /// would return them.
    ///
    /// - Throws: ``DeckError`` for a negative count or more cards than remain.
    public func peek(_ count: Int, from end: End = .top) throws(DeckError) -> [PlayingCard] {
        try Self.checkCount(count, available: stack.count, place: "deck")
        return end == .top ? Array(stack.prefix(count)) : Array(stack.suffix(count).reversed())
    }

    /// Cuts the deck: the top `index` cards go to the bottom, keeping their order.
    ///
    /// - Throws: ``DeckError`` unless `index` is from 0 to ``count`` (both ends leave the order as it is).
    public mutating func cut(at index: Int) throws(DeckError) {
        guard (0...stack.count).contains(index) else {
            throw DeckError(.cutOutOfRange(index, count: stack.count))
        }
        stack = Array(stack[index...] + stack[..<index])
    }

    /// Deals `cardsEach` cards to each of `hands` hands, one card at a time round the table,
    /// like a dealer: hand 0 gets the first card, hand 1 the second, and so on.
    ///
    /// - Throws: ``DeckError`` when `hands` is below one, `cardsEach` is negative, or the deck
    ///   holds fewer than `hands × cardsEach` cards; the deck is unchanged.
    public mutating func deal(hands: Int, cardsEach: Int) throws(DeckError) -> [[PlayingCard]] {
        guard hands >= 1 else { throw DeckError(.invalidHandCount(hands)) }
        guard cardsEach >= 0 else { throw DeckError(.negativeCount(cardsEach)) }
        let (total, overflow) = hands.multipliedReportingOverflow(by: cardsEach)
        let drawn = try draw(overflow ? .max : total)
        return (0..<hands).map { hand in
            stride(from: hand, to: drawn.count, by: hands).map { drawn[$0] }
        }
    }

    static func checkCount(_ count: Int, available: Int, place: String) throws(DeckError) {
        guard count >= 0 else { throw DeckError(.negativeCount(count)) }
        guard count <= available else {
            throw DeckError(.notEnoughCards(requested: count, available: available, place: place))
        }
    }
}
