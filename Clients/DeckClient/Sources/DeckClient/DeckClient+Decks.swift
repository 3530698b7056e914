import DeckClientAPI

/// Where a draw takes its cards from.
public enum DrawPosition: Sendable, Hashable {
    /// The top card first, as a dealer deals.
    case top
    /// From the bottom.
    case bottom
    /// Cards at random places, chosen by the server's secure generator.
    case random
}

extension DeckClient {
    /// A new deck of `decks` standard decks (a shoe of up to 20), or of the `cards` named.
    ///
    /// Requests go in strict mode: one that deckofcardsapi would carry out in part (an unknown
    /// code in `cards`, a deck count out of range) is refused whole with a ``DeckClientError``.
    ///
    /// - Parameters:
    ///   - decks: how many standard decks, 1 to 20.
    ///   - jokers: whether each deck has its two jokers (`X1`, `X2`).
    ///   - shuffled: whether the server shuffles it, with its secure generator.
    ///   - cards: the codes of a partial deck (`["AS", "KD", "0H"]`), instead of whole decks.
    ///   - seed: 64 hexadecimal digits that make the shuffle reproducible (`spc-shuffle-v1`).
    public func newDeck(decks: Int = 1, jokers: Bool = false, shuffled: Bool = true,
                        cards: [String]? = nil, seed: String? = nil) async throws -> Deck {
        try await refusals {
            guard seed == nil || shuffled else {
                throw DeckClientError(status: 0, message: "a seed is for a shuffle: give shuffled: true with the seed, or no seed")
            }
            let joined = cards?.joined(separator: ",")
            let jokers: Bool? = jokers ? true : nil
            if shuffled {
                let form = Operations.PostApiDeckNewShuffle.Input.Body.UrlEncodedFormPayload(
                    deckCount: decks, cards: joined, jokersEnabled: jokers, seed: seed, strict: true)
                return try Self.deck(try await api.postApiDeckNewShuffle(body: .urlEncodedForm(form)).ok.body.json)
            }
            let form = Operations.PostApiDeckNew.Input.Body.UrlEncodedFormPayload(
                deckCount: decks, cards: joined, jokersEnabled: jokers, strict: true)
            return try Self.deck(try await api.postApiDeckNew(body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// The deck `deckID` as it is now, with its piles' counts.
    public func deck(_ deckID: String) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckId.Input.Body.UrlEncodedFormPayload(strict: true)
            return try Self.deck(try await api.postApiDeckDeckId(path: .init(deckId: deckID), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// Draws `count` cards from the deck; all of them, or none and a ``DeckClientError`` when
    /// fewer remain.
    public func draw(_ count: Int = 1, from deckID: String, at position: DrawPosition = .top) async throws -> Deck {
        try await refusals {
            let path = Operations.PostApiDeckDeckIdDraw.Input.Path(deckId: deckID)
            switch position {
            case .top:
                let form = Operations.PostApiDeckDeckIdDraw.Input.Body.UrlEncodedFormPayload(count: count, strict: true)
                return try Self.deck(try await api.postApiDeckDeckIdDraw(path: path, body: .urlEncodedForm(form)).ok.body.json)
            case .bottom:
                let form = Operations.PostApiDeckDeckIdDrawBottom.Input.Body.UrlEncodedFormPayload(count: count, strict: true)
                return try Self.deck(try await api.postApiDeckDeckIdDrawBottom(path: .init(deckId: deckID), body: .urlEncodedForm(form)).ok.body.json)
            case .random:
                let form = Operations.PostApiDeckDeckIdDrawRandom.Input.Body.UrlEncodedFormPayload(count: count, strict: true)
                return try Self.deck(try await api.postApiDeckDeckIdDrawRandom(path: .init(deckId: deckID), body: .urlEncodedForm(form)).ok.body.json)
            }
        }
    }

    /// Shuffles the deck: every card back first, or with `remainingOnly` just those still in it.
    public func shuffle(_ deckID: String, remainingOnly: Bool = false, seed: String? = nil) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckIdShuffle.Input.Body.UrlEncodedFormPayload(
                remaining: remainingOnly ? true : nil, seed: seed, strict: true)
            return try Self.deck(try await api.postApiDeckDeckIdShuffle(path: .init(deckId: deckID), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// Returns drawn cards to the deck: the `cards` named, or every card drawn and in no pile.
    public func returnCards(_ cards: [String]? = nil, to deckID: String) async throws -> Deck {
        try await refusals {
            let form = Operations.PostApiDeckDeckIdReturn.Input.Body.UrlEncodedFormPayload(
                cards: cards?.joined(separator: ","), strict: true)
            return try Self.deck(try await api.postApiDeckDeckIdReturn(path: .init(deckId: deckID), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// The deck in an answer that a strict request made: a refusal never reaches here.
    static func deck(_ deck: Deck?) throws -> Deck {
        guard let deck else { throw DeckClientError(status: 0, message: "the server's answer is no deck") }
        return deck
    }

    /// The deck of an answer that may, by the reference's rules, be a deck or an error.
    static func deck<Payload: DeckOrError>(_ payload: Payload) throws -> Deck {
        try deck(payload.value1)
    }
}

/// An answer whose JSON is a deck, or an error in the reference's shape.
protocol DeckOrError {
    var value1: Deck? { get }
}

extension Operations.PostApiDeckNew.Output.Ok.Body.JsonPayload: DeckOrError {}
extension Operations.PostApiDeckNewShuffle.Output.Ok.Body.JsonPayload: DeckOrError {}
