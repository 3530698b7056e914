/// How many records the store holds, by kind.
public struct StoredCounts: Sendable, Hashable {
    /// Decks, with their piles.
    public var decks: Int
    /// Games of Memorize.
    public var games: Int
    /// Card tables.
    public var tables: Int

    /// Counts of decks, games and tables.
    public init(decks: Int, games: Int, tables: Int = 0) {
        self.decks = decks
        self.games = games
        self.tables = tables
    }
}
