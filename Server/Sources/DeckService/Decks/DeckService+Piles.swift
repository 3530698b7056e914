public import PlayingCards

/// Named piles: a discard pile, each player's hand. A pile's top is the card added last.
extension DeckService {
    /// Moves drawn cards onto a pile, making it if needed; a card that is in another pile moves
    /// out of that pile. The last card listed ends on top. With no cards, the pile is made
    /// empty when it does not exist, and the deck is otherwise left as it is. Leniently, the
    /// listed cards that cannot move stay where they are and are listed in
    /// ``DeckView/leftOut``, as deckofcardsapi skips them.
    ///
    /// - Throws: ``ServiceError`` for a bad pile name, too many piles, and, strictly, cards that
    ///   are still in the deck, already in the pile or did not come from this deck (naming
    ///   each); nothing moves.
    public func addToPile(
        _ id: String, pile name: String, cards: [PlayingCard], strictness: Strictness = .strict
    ) async throws -> DeckView {
        try checkPileName(name)
        let maximumPiles = limits.pilesPerDeck
        return try await change(id) { stored throws(ServiceError) -> Outcome in
            if stored.deck.pile(name) == nil, stored.deck.pileNames.count >= maximumPiles {
                throw ServiceError.badRequest(
                    .pileName, value: name, "cannot be made: deck \(id) has \(maximumPiles) piles, the most it may have",
                    allowed: "add to an existing pile or return one")
            }
            var added = cards
            var leftOut: [DeckView.LeftOut] = []
            if strictness == .lenient {
                (added, leftOut) = Self.partitionMovable(cards, in: stored.deck, takingFromPilesExcept: name)
            } else {
                try Self.checkHeld(cards, in: stored.deck, takingFromPilesExcept: name)
            }
            try Self.takeFromOtherPiles(added, for: name, of: &stored.deck)
            try Self.library { () throws(DeckError) in try stored.deck.add(added.reversed(), toPile: name, at: .top) }
            return Outcome(leftOut: leftOut)
        }
    }

    /// The deck with every pile's count, and the named pile's cards when it exists. A pile
    /// that does not exist is no error here: deckofcardsapi answers the counts of the others,
    /// and apps rebuild their piles from that answer.
    ///
    /// - Throws: ``ServiceError`` for an unknown deck.
    public func listPile(_ id: String, pile name: String) async throws -> DeckView {
        let stored = try await load(id)
        return DeckView(id: id, stored: stored, listedPile: stored.deck.pile(name) == nil ? nil : name)
    }

    /// Shuffles a pile: securely, or from `seed` with `spc-shuffle-v1` (the pile's cards, top
    /// first, ordered as `Array.shuffle(seed:)` orders them).
    ///
    /// - Throws: ``ServiceError`` for an unknown or closed deck, an unknown pile, or a provably
    ///   fair deck without a seed.
    public func shufflePile(_ id: String, pile name: String, seed: ShuffleSeed?) async throws -> DeckView {
        try await change(id) { stored throws(ServiceError) in
            guard let cards = stored.deck.pile(name) else { throw Self.noSuchPile(name, id) }
            let shuffled: [PlayingCard]
            if let seed {
                shuffled = cards.shuffled(seed: seed)
            } else {
                try Self.refuseServerRandomness(stored, "shuffling a pile without a seed")
                var generator = SecureRandom()
                shuffled = cards.shuffled(using: &generator)
            }
            try Self.replacePile(name, with: shuffled, of: &stored.deck)
            return nil
        }
    }

    /// Draws named cards from a pile, or a count from its top, bottom or random positions. In
    /// either mode a card not in the pile, or a count larger than the pile, refuses the whole
    /// draw, as deckofcardsapi does.
    ///
    /// - Throws: ``ServiceError`` for an unknown deck or pile, a negative count, and (kind
    ///   `cardsMissing`) a card not in the pile or a count larger than the pile; nothing moves.
    public func drawFromPile(_ id: String, pile name: String, _ selection: PileSelection) async throws -> DeckView {
        try await change(id) { stored throws(ServiceError) in
            guard let pile = stored.deck.pile(name) else { throw Self.noSuchPile(name, id) }
            switch selection {
            case .cards(let cards):
                try Self.remove(cards, fromPile: name, of: &stored.deck)
                return cards
            case .count(let count, let position):
                try Self.checkCount(count, available: pile.count, place: "pile '\(name)'")
                switch position {
                case .top, .bottom:
                    return try Self.library { () throws(DeckError) in
                        try stored.deck.drawFromPile(name, count: count, from: position == .top ? .top : .bottom)
                    }
                case .random:
                    try Self.refuseServerRandomness(stored, "drawing at random")
                    return try (0..<count).map { _ throws(ServiceError) in
                        try Self.library { () throws(DeckError) in try stored.deck.drawAtRandom(fromPile: name) }
                    }
                }
            }
        }
    }

    /// Puts a pile's cards back at the bottom of the deck: these, or all of them (the pile
    /// stays, empty). Leniently, listed cards the pile does not hold are listed in
    /// ``DeckView/leftOut``, as deckofcardsapi skips them.
    ///
    /// - Throws: ``ServiceError`` for an unknown deck or pile, and, strictly, a card not in the
    ///   pile.
    public func returnPile(
        _ id: String, pile name: String, cards: [PlayingCard]?, strictness: Strictness = .strict
    ) async throws -> DeckView {
        try await change(id) { stored throws(ServiceError) -> Outcome in
            guard let pile = stored.deck.pile(name) else { throw Self.noSuchPile(name, id) }
            var returned = cards ?? pile.reversed()
            var leftOut: [DeckView.LeftOut] = []
            if strictness == .lenient { (returned, leftOut) = Self.partition(returned, heldByPile: name, of: stored.deck) }
            try Self.remove(returned, fromPile: name, of: &stored.deck)
            try Self.library { () throws(DeckError) in try stored.deck.return(returned, to: .bottom) }
            return Outcome(leftOut: leftOut)
        }
    }

    // MARK: Helpers

    func checkPileName(_ name: String) throws(ServiceError) {
        guard !name.isEmpty, name.utf8.count <= limits.pileNameBytes else {
            throw ServiceError.badRequest(
                .pileName, value: name, "is \(name.utf8.count) bytes long", allowed: "give 1 to \(limits.pileNameBytes) bytes")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ServiceError.badRequest(
                .pileName, value: String(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : Character($0) }),
                "has control characters (shown as \u{FFFD})", allowed: "use letters, digits and punctuation")
        }
    }

    static func noSuchPile(_ name: String, _ id: String) -> ServiceError {
        ServiceError(.notFound, .pile, value: name, "does not exist in deck \(id)", allowed: "a pile is made by adding cards to it")
    }

    /// Takes the given cards (one copy each time a card is named) out of a pile, keeping the
    /// order of the rest; the cards are then held by the game.
    static func remove(_ cards: [PlayingCard], fromPile name: String, of deck: inout PlayingCardDeck) throws(ServiceError) {
        try checkPile(name, holds: cards, in: deck)
        // One pass, not a search per card: a pile may hold all 1,080 cards of the largest deck.
        var leaving = copies(of: cards)
        let remaining = (deck.pile(name) ?? []).filter { card in
            guard let count = leaving[card], count > 0 else { return true }
            leaving[card] = count - 1
            return false
        }
        try replacePile(name, with: remaining, of: &deck)
    }

    /// Takes the cards of `cards` that are not out from the piles other than `pile` that hold
    /// them (the first made first), so that they can be added to `pile`: one pass over the
    /// cards and one removal per pile, whatever the number of cards.
    static func takeFromOtherPiles(_ cards: [PlayingCard], for pile: String, of deck: inout PlayingCardDeck) throws(ServiceError) {
        var out = copies(of: deck.cardsOut)
        let others = deck.pileNames.filter { $0 != pile }
        var held = others.map { copies(of: deck.pile($0) ?? []) }
        var taken = Array(repeating: [PlayingCard](), count: others.count)
        for card in cards {
            if let count = out[card], count > 0 {
                out[card] = count - 1
            } else if let index = held.firstIndex(where: { ($0[card] ?? 0) > 0 }) {
                held[index][card]! -= 1
                taken[index].append(card)
            }
        }
        for (name, cards) in zip(others, taken) where !cards.isEmpty {
            try remove(cards, fromPile: name, of: &deck)
        }
    }

    /// Sets a pile's cards (top first); they must be the pile's own cards or cards out.
    static func replacePile(_ name: String, with cards: [PlayingCard], of deck: inout PlayingCardDeck) throws(ServiceError) {
        try library { () throws(DeckError) in
            _ = try deck.drawFromPile(name, count: deck.pile(name)?.count ?? 0)
            try deck.add(cards, toPile: name, at: .top)
        }
    }
}
