import Foundation
public import Memorize
public import PlayingCards

/// Games of Memorize, kept server-side like decks: the player sees only what is face up.
extension DeckService {
    /// The built-in themes.
    public var memoryThemes: [MemoryTheme] { MemoryTheme.builtIn }

    /// Deals a new game: the named theme or a random one, `pairs` pairs or the theme's number,
    /// in secure random order, or replayed from `seed` (for tests and replays: the game's
    /// answers say it is seeded).
    ///
    /// - Throws: ``ServiceError`` for an unknown theme or a number of pairs the theme cannot deal.
    public func newMemoryGame(theme name: String?, pairs: Int?, seed: ShuffleSeed?) async throws -> MemoryGameView {
        let stored: StoredMemoryGame
        do {
            let theme = try name.map { name throws(MemoryGameError) in try MemoryTheme.builtIn(named: name) } ?? .randomBuiltIn(seed: seed)
            stored = StoredMemoryGame(theme: theme, game: try theme.newGame(pairs: pairs, seed: seed), seeded: seed != nil)
        } catch {
            throw ServiceError(error)
        }
        let id = RecordID.make()
        try await store.insert(.memoryGame, id: id, state: try Self.encode(stored), at: now())
        return MemoryGameView(id: id, stored: stored)
    }

    /// The game as the player sees it.
    public func memoryGame(_ id: String) async throws -> MemoryGameView {
        guard RecordID.isWellFormed(id), let bytes = try await store.read(.memoryGame, id: id) else { throw Self.noSuchGame(id) }
        return MemoryGameView(id: id, stored: try Self.decode(bytes))
    }

    /// Chooses card `index` now, by the rules of `MemoryGame.choose(_:at:)` (in the `Memorize` library).
    ///
    /// - Throws: ``ServiceError`` for an unknown game or a card number out of range.
    public func chooseMemoryCard(_ id: String, index: Int) async throws -> MemoryGameView {
        guard RecordID.isWellFormed(id) else { throw Self.noSuchGame(id) }
        let time = MemoryTime(millisecondsSince1970: Int64((now().timeIntervalSince1970 * 1000).rounded(.down)))
        let view = try await store.update(.memoryGame, id: id, at: now()) { bytes -> (state: [UInt8], result: MemoryGameView) in
            var stored = try Self.decode(bytes)
            do {
                try stored.game.choose(index, at: time)
            } catch let error as MemoryGameError {
                throw ServiceError(error)
            }
            return (try Self.encode(stored), MemoryGameView(id: id, stored: stored))
        }
        guard let view else { throw Self.noSuchGame(id) }
        return view
    }

    static func noSuchGame(_ id: String) -> ServiceError {
        ServiceError(.notFound, .game, value: id, "does not exist", allowed: "games idle for a long time are deleted")
    }

    private static func encode(_ stored: StoredMemoryGame) throws -> [UInt8] {
        Array(try JSONEncoder().encode(stored))
    }

    private static func decode(_ bytes: [UInt8]) throws(ServiceError) -> StoredMemoryGame {
        do {
            return try JSONDecoder().decode(StoredMemoryGame.self, from: Data(bytes))
        } catch {
            throw ServiceError(.internalFailure, .store, "has a damaged game record: \(error)")
        }
    }
}
