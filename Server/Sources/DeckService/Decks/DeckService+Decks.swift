public import PlayingCards
import PlayingCardsProvablyFair

extension DeckService {
    /// Makes a deck (a shoe, a partial deck, with jokers), orders it, and maybe draws from it.
    ///
    /// Leniently, an empty card list makes a deck of no cards and a draw larger than the deck
    /// draws every card (``DeckView/asked`` says how many were asked for), as deckofcardsapi does.
    ///
    /// - Throws: ``ServiceError`` for a deck count outside the limits, a client seed too long,
    ///   and, strictly, an empty card list or a draw larger than the deck; nothing is stored then.
    public func newDeck(_ request: NewDeckRequest, strictness: Strictness = .strict) async throws -> DeckView {
        guard limits.decksPerShoe.contains(request.deckCount) else {
            throw ServiceError.badRequest(
                .deckCount, value: String(request.deckCount), "is not allowed",
                allowed: "give \(limits.decksPerShoe.lowerBound) to \(limits.decksPerShoe.upperBound)")
        }
        let one: [PlayingCard]
        if let cards = request.cards {
            guard !cards.isEmpty || strictness == .lenient else {
                throw ServiceError.badRequest(.cards, "is empty", allowed: "list at least one card code, such as AS,2S,KH")
            }
            one = cards
        } else {
            one = PlayingCard.standardDeck + (request.jokers ? [.joker(.black), .joker(.red)] : [])
        }
        guard one.count * request.deckCount <= limits.cardsPerDeck else {
            throw ServiceError(
                .badRequest, .cards, "make a deck of \(one.count * request.deckCount) cards (\(request.deckCount) × \(one.count)), more than the \(limits.cardsPerDeck) a deck may hold",
                allowed: "give fewer cards or a smaller deck count")
        }
        var stored = StoredDeck(deck: PlayingCardDeck(cards: Array(repeatElement(one, count: request.deckCount).joined())), shuffled: false)
        try order(&stored, request.shuffle)
        var drawn: [PlayingCard]?
        if let count = request.draw { drawn = try Self.draw(count, from: .top, of: &stored.deck, strictness) }
        let id = RecordID.make()
        try await store.insert(.deck, id: id, state: stored.encoded(id: id), at: now())
        var view = DeckView(id: id, stored: stored, drawn: drawn)
        if let count = request.draw, count > drawn?.count ?? 0 { view.asked = count }
        return view
    }

    /// The deck's count, shuffled state and piles.
    public func deck(_ id: String) async throws -> DeckView {
        DeckView(id: id, stored: try await load(id))
    }

    /// Draws `count` cards from the top, the bottom or random positions: all or nothing, or
    /// leniently every card left when fewer remain (``DeckView/asked`` then says how many were
    /// asked for), as deckofcardsapi does.
    ///
    /// - Throws: ``ServiceError`` for an unknown deck, a closed one, a negative count, or,
    ///   strictly, a count larger than the cards remaining.
    public func draw(
        _ id: String, count: Int, from position: DrawPosition = .top, strictness: Strictness = .strict
    ) async throws -> DeckView {
        var view = try await change(id) { stored throws(ServiceError) in
            if position == .random { try Self.refuseServerRandomness(stored, "drawing at random") }
            return try Self.draw(count, from: position, of: &stored.deck, strictness)
        }
        if count > view.drawn?.count ?? 0 { view.asked = count }
        return view
    }

    /// Shuffles the deck: every card back and the piles emptied, or with `remainingOnly` just the
    /// cards left in the deck (piles and drawn cards stay where they are).
    ///
    /// - Throws: ``ServiceError`` for an unknown or closed deck, or a provably fair one (its
    ///   order is fixed by its commitment).
    public func shuffle(_ id: String, remainingOnly: Bool, seed: ShuffleSeed?) async throws -> DeckView {
        try await change(id) { stored throws(ServiceError) in
            try Self.refuseServerRandomness(stored, "reshuffling")
            if !remainingOnly { stored.deck.reset() }
            if let seed { stored.deck.shuffle(seed: seed) } else { stored.deck.shuffle() }
            stored.shuffled = true
            return nil
        }
    }

    /// Puts drawn cards back at the bottom of the deck: these, or every card drawn and in no pile.
    /// Leniently, the listed cards that cannot go back stay where they are and are listed in
    /// ``DeckView/leftOut``, as deckofcardsapi skips them.
    ///
    /// - Throws: ``ServiceError`` for an unknown or closed deck, and, strictly, naming every
    ///   card that was not drawn from this deck, or that is in the deck or a pile; nothing moves.
    public func returnCards(_ id: String, cards: [PlayingCard]?, strictness: Strictness = .strict) async throws -> DeckView {
        try await change(id) { stored throws(ServiceError) -> Outcome in
            var returned = cards ?? stored.deck.cardsOut
            var leftOut: [DeckView.LeftOut] = []
            if strictness == .lenient {
                (returned, leftOut) = Self.partitionMovable(returned, in: stored.deck, takingFromPilesExcept: nil)
            } else {
                try Self.checkHeld(returned, in: stored.deck, takingFromPilesExcept: nil)
            }
            try Self.library { () throws(DeckError) in try stored.deck.return(returned, to: .bottom) }
            return Outcome(leftOut: leftOut)
        }
    }

    // MARK: Shared steps

    /// Loads a deck that must exist.
    func load(_ id: String) async throws -> StoredDeck {
        guard RecordID.isWellFormed(id), let bytes = try await store.read(.deck, id: id) else { throw Self.noSuchDeck(id) }
        return try StoredDeck(decoding: bytes, id: id)
    }

    /// What an operation did besides changing the deck: the cards it drew, and the listed cards
    /// it left where they were.
    struct Outcome: Sendable {
        var drawn: [PlayingCard]?
        var leftOut: [DeckView.LeftOut] = []
    }

    /// Applies `body` to a deck in one store transaction; the deck is saved only when `body`
    /// returns. `body` returns the cards it drew, if any.
    func change(
        _ id: String,
        _ body: @escaping @Sendable (inout StoredDeck) throws(ServiceError) -> [PlayingCard]?
    ) async throws -> DeckView {
        try await change(id) { stored throws(ServiceError) -> Outcome in Outcome(drawn: try body(&stored)) }
    }

    /// Applies `body` to a deck in one store transaction; the deck is saved only when `body`
    /// returns. `body` returns what it drew and what it left out.
    func change(
        _ id: String,
        _ body: @escaping @Sendable (inout StoredDeck) throws(ServiceError) -> Outcome
    ) async throws -> DeckView {
        guard RecordID.isWellFormed(id) else { throw Self.noSuchDeck(id) }
        let view = try await store.update(.deck, id: id, at: now()) { bytes in
            var stored = try StoredDeck(decoding: bytes, id: id)
            if stored.fairness?.revealed == true {
                throw ServiceError(
                    .conflict, .deck, value: id, "is closed: its server seed was revealed, so it takes no more changes",
                    allowed: "make a new deck")
            }
            let outcome = try body(&stored)
            var view = DeckView(id: id, stored: stored, drawn: outcome.drawn)
            view.leftOut = outcome.leftOut
            return (try stored.encoded(id: id), view)
        }
        guard let view else { throw Self.noSuchDeck(id) }
        return view
    }

    static func noSuchDeck(_ id: String) -> ServiceError {
        ServiceError(.notFound, .deck, value: id, "does not exist", allowed: "decks idle for a long time are deleted")
    }

    /// Runs a library operation, turning its ``DeckError`` into a ``ServiceError``.
    static func library<T>(_ operation: () throws(DeckError) -> T) throws(ServiceError) -> T {
        do {
            return try operation()
        } catch {
            if case .noSuchPile(let name) = error.code { throw ServiceError(.notFound, .pile, value: name, "does not exist") }
            throw ServiceError.badRequest(.cards, "cannot be moved: \(error.description)")
        }
    }

    static func checkCount(_ count: Int, available: Int, place: String) throws(ServiceError) {
        guard count >= 0 else {
            throw ServiceError.badRequest(
                .count, value: String(count), "is not allowed", allowed: "give a number from 0 to \(available), the cards in the \(place)")
        }
        guard count <= available else {
            throw ServiceError(
                .cardsMissing, .count, value: String(count), "is more than the \(available) cards in the \(place), so nothing was drawn",
                allowed: "draw at most \(available)")
        }
    }

    /// Draws `count` cards, or leniently every card left when fewer remain.
    static func draw(
        _ count: Int, from position: DrawPosition, of deck: inout PlayingCardDeck, _ strictness: Strictness = .strict
    ) throws(ServiceError) -> [PlayingCard] {
        let count = strictness == .lenient && count > deck.count ? deck.count : count
        try checkCount(count, available: deck.count, place: "deck")
        switch position {
        case .top: return try library { () throws(DeckError) in try deck.draw(count, from: .top) }
        case .bottom: return try library { () throws(DeckError) in try deck.draw(count, from: .bottom) }
        case .random: return (0..<count).map { _ in deck.drawAtRandom()! }
        }
    }

    /// Orders a new or reset deck.
    func order(_ stored: inout StoredDeck, _ mode: ShuffleMode) throws(ServiceError) {
        switch mode {
        case .none:
            return
        case .secure:
            stored.deck.shuffle()
        case .seeded(let seed):
            stored.deck.shuffle(seed: seed)
        case .fair(let clientSeed):
            guard clientSeed.utf8.count <= limits.clientSeedBytes else {
                throw ServiceError.badRequest(
                    .clientSeed, "is \(clientSeed.utf8.count) bytes long", allowed: "give at most \(limits.clientSeedBytes)")
            }
            let fairness = StoredDeck.Fairness(serverSeed: .random(), clientSeed: clientSeed, nonce: 1, revealed: false)
            FairShuffle(serverSeed: fairness.serverSeed, clientSeed: clientSeed, nonce: fairness.nonce).shuffle(&stored.deck)
            stored.fairness = fairness
        }
        stored.shuffled = true
    }

    /// A provably fair deck's order is fixed by its commitment: the server must not bring in
    /// randomness of its own that the player cannot check.
    static func refuseServerRandomness(_ stored: StoredDeck, _ what: String) throws(ServiceError) {
        guard stored.fairness == nil else {
            throw ServiceError(
                .conflict, .deck, "is provably fair, so \(what) is not allowed: its order is fixed by its commitment",
                allowed: "draw from the top or bottom, or make a new deck")
        }
    }
}

extension DeckView {
    init(id: String, stored: StoredDeck, drawn: [PlayingCard]? = nil, listedPile: String? = nil) {
        self.id = id
        remaining = stored.deck.count
        shuffled = stored.shuffled
        piles = stored.deck.pileNames.map { Pile(name: $0, cards: (stored.deck.pile($0) ?? []).reversed()) }
        self.drawn = drawn
        self.listedPile = listedPile
        fairness = stored.fairness.map { fair in
            Fairness(
                commitment: FairShuffle.commitment(to: fair.serverSeed), clientSeed: fair.clientSeed, nonce: fair.nonce,
                serverSeed: fair.revealed ? fair.serverSeed.hex : nil,
                order: fair.revealed
                    ? FairShuffle(serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce)
                        .shuffled(PlayingCardDeck(cards: stored.deck.composition)).cards
                    : nil)
        }
    }
}
