/// Named piles: a discard pile, each player's hand, a crib, a kitty.
///
/// A pile belongs to the deck, so a card is always in exactly one place: the deck, one pile,
/// or out in the game. Piles are kept in the order they were made; a pile is made by the first
/// card put in it and removed by ``PlayingCardDeck/returnPile(_:to:)`` or
/// ``PlayingCardDeck/takePile(_:)``.
extension PlayingCardDeck {
    /// The names of the piles, in the order they were made.
    public var pileNames: [String] { piles.map(\.name) }

    /// The cards of the named pile, top card first; `nil` when there is no such pile.
    public func pile(_ name: String) -> [PlayingCard]? {
        piles.first { $0.name == name }?.cards
    }

    /// Puts cards held by the game (drawn earlier) on a pile, making the pile if needed.
    ///
    /// On top, the first card of `held` becomes the pile's top card.
    ///
    /// - Throws: ``DeckError`` naming a card that did not come from this deck or is already in
    ///   the deck or a pile; nothing moves.
    public mutating func add(_ held: [PlayingCard], toPile name: String, at end: End = .top) throws(DeckError) {
        guard !name.isEmpty else { throw DeckError(.emptyPileName) }
        try checkOut(held)
        insert(held, intoPile: pileIndex(creating: name), at: end)
    }

    /// Moves `count` cards from the top of the deck onto a pile, one at a time (so the last one
    /// moved ends on top, as when dealing onto a table), making the pile if needed.
    ///
    /// - Throws: ``DeckError`` for a negative count or more cards than the deck holds.
    public mutating func deal(_ count: Int, toPile name: String) throws(DeckError) {
        guard !name.isEmpty else { throw DeckError(.emptyPileName) }
        let moved = try draw(count)
        insert(moved.reversed(), intoPile: pileIndex(creating: name), at: .top)
    }

    /// Deals `cardsEach` cards round the table onto each named pile, like
    /// ``deal(hands:cardsEach:)``, making the piles if needed.
    ///
    /// - Throws: ``DeckError`` for no pile names, an empty name, a negative count, or too few cards.
    public mutating func deal(cardsEach: Int, toPiles names: [String]) throws(DeckError) {
        guard !names.contains("") else { throw DeckError(.emptyPileName) }
        let hands = try peekDeal(hands: names.count, cardsEach: cardsEach)
        stack.removeFirst(names.count * cardsEach)
        for (name, hand) in zip(names, hands) {
            insert(hand.reversed(), intoPile: pileIndex(creating: name), at: .top)
        }
    }

    /// Draws the card at the given end of a pile; it is then held by the game.
    ///
    /// - Throws: ``DeckError`` when there is no such pile or it is empty.
    public mutating func drawFromPile(_ name: String, from end: End = .top) throws(DeckError) -> PlayingCard {
        try drawFromPile(name, count: 1, from: end)[0]
    }

    /// Draws `count` cards from an end of a pile, all or nothing, in the order they were drawn.
    ///
    /// - Throws: ``DeckError`` when there is no such pile, or for a negative count or more cards
    ///   than the pile holds.
    public mutating func drawFromPile(_ name: String, count: Int, from end: End = .top) throws(DeckError) -> [PlayingCard] {
        let pile = try existingPile(name)
        try Self.checkCount(count, available: piles[pile].cards.count, place: "pile '\(name)'")
        if end == .top {
            defer { piles[pile].cards.removeFirst(count) }
            return Array(piles[pile].cards.prefix(count))
        }
        defer { piles[pile].cards.removeLast(count) }
        return piles[pile].cards.suffix(count).reversed()
    }

    /// Draws a random card from a pile, chosen by the secure default generator.
    ///
    /// - Throws: ``DeckError`` when there is no such pile or it is empty.
    public mutating func drawAtRandom(fromPile name: String) throws(DeckError) -> PlayingCard {
        var generator = ThreadSecureGenerator()
        return try drawAtRandom(fromPile: name, using: &generator)
    }

    /// Draws a card from a random position in a pile, chosen by `generator`.
    ///
    /// - Throws: ``DeckError`` when there is no such pile or it is empty.
    public mutating func drawAtRandom(
        fromPile name: String, using generator: inout some RandomNumberGenerator
    ) throws(DeckError) -> PlayingCard {
        let pile = try existingPile(name)
        try Self.checkCount(1, available: piles[pile].cards.count, place: "pile '\(name)'")
        let position = BoundedRandom.uniform(below: UInt64(piles[pile].cards.count), using: &generator)
        return piles[pile].cards.remove(at: Int(position))
    }

    /// Shuffles a pile with the secure default generator.
    ///
    /// - Throws: ``DeckError`` when there is no such pile.
    public mutating func shufflePile(_ name: String) throws(DeckError) {
        var generator = ThreadSecureGenerator()
        try shufflePile(name, using: &generator)
    }

    /// Shuffles a pile with `generator`.
    ///
    /// - Throws: ``DeckError`` when there is no such pile.
    public mutating func shufflePile(_ name: String, using generator: inout some RandomNumberGenerator) throws(DeckError) {
        let pile = try existingPile(name)
        piles[pile].cards.shuffle(with: &generator)
    }

    /// Puts a pile's cards back into the deck at the given end, keeping their order (the pile's
    /// top card stays above the others), and removes the pile.
    ///
    /// - Throws: ``DeckError`` when there is no such pile.
    public mutating func returnPile(_ name: String, to end: End = .bottom) throws(DeckError) {
        let pile = try existingPile(name)
        stack.place(piles.remove(at: pile).cards, at: end)
    }

    /// Removes a pile and gives its cards, top card first, to the game, which holds them until
    /// it returns them or adds them to a pile.
    ///
    /// - Throws: ``DeckError`` when there is no such pile.
    public mutating func takePile(_ name: String) throws(DeckError) -> [PlayingCard] {
        piles.remove(at: try existingPile(name)).cards
    }

    // MARK: Helpers

    private func existingPile(_ name: String) throws(DeckError) -> Int {
        guard let index = piles.firstIndex(where: { $0.name == name }) else {
            throw DeckError(.noSuchPile(name))
        }
        return index
    }

    /// The index of the named pile, made empty if it does not exist; `name` is not empty.
    private mutating func pileIndex(creating name: String) -> Int {
        if let index = piles.firstIndex(where: { $0.name == name }) { return index }
        piles.append(Pile(name: name, cards: []))
        return piles.count - 1
    }

    private mutating func insert(_ moved: [PlayingCard], intoPile pile: Int, at end: End) {
        piles[pile].cards.place(moved, at: end)
    }

    private func peekDeal(hands: Int, cardsEach: Int) throws(DeckError) -> [[PlayingCard]] {
        var copy = self
        return try copy.deal(hands: hands, cardsEach: cardsEach)
    }
}
