import DeckClientAPI
import OpenAPIRuntime

/// A theme of Memorize that the server offers.
public struct MemoryTheme: Sendable, Hashable {
    /// The theme's name, which ``DeckClient/newMemoryGame(theme:pairs:)`` takes.
    public var name: String
    /// The cards' backs: one colour, or two for a gradient.
    public var colors: [String]
    /// The pairs a game deals, or nil for a random number each game.
    public var pairs: Int?
    /// The most pairs a game of it can deal.
    public var maximumPairs: Int?
}

extension DeckClient {
    /// The themes of Memorize the server offers.
    public func memoryThemes() async throws -> [MemoryTheme] {
        try await refusals {
            let themes = try await api.getApiMemoryThemes().ok.body.json.themes ?? []
            return themes.map { MemoryTheme(name: $0.name ?? "", colors: $0.colors ?? [], pairs: $0.pairs, maximumPairs: $0.maxPairs) }
        }
    }

    /// A new game of Memorize: `pairs` pairs of the theme's faces (the theme's own number when
    /// nil), dealt face down from a secret seed.
    public func newMemoryGame(theme: String? = nil, pairs: Int? = nil) async throws -> MemoryGame {
        try await refusals {
            let form = Operations.PostApiMemoryNew.Input.Body.UrlEncodedFormPayload(theme: theme, pairs: pairs)
            return try await api.postApiMemoryNew(body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// The game `gameID` as its player may see it: a face-down card's face is never sent.
    public func memoryGame(_ gameID: String) async throws -> MemoryGame {
        try await refusals {
            try await api.getApiMemoryGameId(path: .init(gameId: gameID)).ok.body.json
        }
    }

    /// Turns card `index` of the game over: the second card of a turn scores a match or a
    /// mismatch, by the game's rules.
    public func choose(card index: Int, in gameID: String) async throws -> MemoryGame {
        try await refusals {
            try await api.postApiMemoryGameIdChooseIndex(path: .init(gameId: gameID, index: index)).ok.body.json
        }
    }
}
