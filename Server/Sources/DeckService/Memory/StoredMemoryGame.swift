package import Memorize

/// A game of Memorize as the service keeps it: its theme and the game's whole state.
package struct StoredMemoryGame: Sendable, Hashable, Codable {
    /// The theme the game was dealt from (its name and colours are shown with every answer).
    package var theme: MemoryTheme
    /// The cards, score and turn in progress.
    package var game: MemoryGame<MemoryFace>
    /// Whether the game was dealt from a seed the client gave (for tests and replays): its
    /// layout is known to whoever has the seed. Games stored before this was kept read as `nil`.
    package var seeded: Bool?
}
