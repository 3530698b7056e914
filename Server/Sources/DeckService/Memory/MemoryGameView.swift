public import Memorize

/// What the service answers about a game: everything a player may see, and no face-down face.
public struct MemoryGameView: Sendable, Hashable {
    /// A card as the player sees it.
    public struct Card: Sendable, Hashable {
        /// Its position, from 0.
        public var index: Int
        /// Whether it shows its face.
        public var faceUp: Bool
        /// Whether its pair has been found.
        public var matched: Bool
        /// Its face, only when face up or matched.
        public var face: MemoryFace?
    }

    /// The game's id.
    public var id: String
    /// Whether the game was dealt from a seed the client gave, so that its layout is known to
    /// whoever has the seed: such a game is for tests and replays, not for play.
    public var seeded: Bool
    /// The theme's name.
    public var themeName: String
    /// The theme's colour, or the two colours of its gradient (`#rrggbb`).
    public var colors: [String]
    /// The score.
    public var score: Int
    /// Whether every card is matched.
    public var finished: Bool
    /// The cards, in their order on the table.
    public var cards: [Card]

    init(id: String, stored: StoredMemoryGame) {
        self.id = id
        seeded = stored.seeded ?? false
        themeName = stored.theme.name
        colors = stored.theme.colors
        score = stored.game.score
        finished = stored.game.isFinished
        cards = stored.game.cards.enumerated().map { index, card in
            Card(index: index, faceUp: card.isFaceUp, matched: card.isMatched, face: card.visibleFace)
        }
    }
}
