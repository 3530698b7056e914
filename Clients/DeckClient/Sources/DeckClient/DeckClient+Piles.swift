import DeckClientAPI

extension DeckClient {
    /// Adds drawn cards to the pile `pile` of the deck, making the pile when it is new.
    public func addToPile(_ pile: String, cards: [String], of deckID: String) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckIdPilePileAdd.Input.Body.UrlEncodedFormPayload(
                cards: cards.joined(separator: ","), strict: true)
            return try Self.deck(try await api.postApiDeckDeckIdPilePileAdd(
                path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// The deck with the cards of the pile `pile` listed.
    public func listPile(_ pile: String, of deckID: String) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckIdPilePileList.Input.Body.UrlEncodedFormPayload(strict: true)
            return try Self.deck(try await api.postApiDeckDeckIdPilePileList(
                path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// Shuffles the pile `pile`.
    public func shufflePile(_ pile: String, of deckID: String) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckIdPilePileShuffle.Input.Body.UrlEncodedFormPayload(strict: true)
            return try Self.deck(try await api.postApiDeckDeckIdPilePileShuffle(
                path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// Draws from the pile `pile`: the `cards` named (from anywhere in it), or else `count` cards
    /// at `position`.
    public func drawFromPile(_ pile: String, of deckID: String, count: Int = 1, cards: [String]? = nil,
                             at position: DrawPosition = .top) async throws -> Deck {
        try await refusals {
            guard cards == nil || position == .top else {
                throw DeckClientError(status: 0, message: "cards named are drawn from wherever they lie in the pile: give cards or a position, not both")
            }
            let joined = cards?.joined(separator: ",")
            let count: Int? = cards == nil ? count : nil
            switch cards == nil ? position : .top {
            case .top:
                let form = Operations.PostApiDeckDeckIdPilePileDraw.Input.Body.UrlEncodedFormPayload(cards: joined, count: count, strict: true)
                return try Self.deck(try await api.postApiDeckDeckIdPilePileDraw(
                    path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
            case .bottom:
                let form = Operations.PostApiDeckDeckIdPilePileDrawBottom.Input.Body.UrlEncodedFormPayload(count: count, strict: true)
                return try Self.deck(try await api.postApiDeckDeckIdPilePileDrawBottom(
                    path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
            case .random:
                let form = Operations.PostApiDeckDeckIdPilePileDrawRandom.Input.Body.UrlEncodedFormPayload(count: count, strict: true)
                return try Self.deck(try await api.postApiDeckDeckIdPilePileDrawRandom(
                    path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
            }
        }
    }

    /// Returns the pile's cards to the deck: the `cards` named, or all of them.
    public func returnPile(_ pile: String, of deckID: String, cards: [String]? = nil) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckIdPilePileReturn.Input.Body.UrlEncodedFormPayload(
                cards: cards?.joined(separator: ","), strict: true)
            return try Self.deck(try await api.postApiDeckDeckIdPilePileReturn(
                path: .init(deckId: deckID, pile: pile), body: .urlEncodedForm(form)).ok.body.json)
        }
    }
}
