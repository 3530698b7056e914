import PlayingCards

/// A game of Memorize (Concentration): pairs of cards dealt face down, turned two at a time.
///
/// The game holds the cards in their dealt order, the score and the time the current turn
/// began; ``choose(_:at:)`` applies every rule. It is a value: save it with `Codable`, restore
/// it and carry on, and the scoring is the same.
///
/// ```swift
/// var game = try MemoryGame(pairsOf: ["🐶", "🐱", "🐭"])   // six cards, securely shuffled
/// try game.choose(0, at: MemoryTime(secondsSince1970: 100))
/// try game.choose(1, at: MemoryTime(secondsSince1970: 103))
/// ```
public struct MemoryGame<Face: Hashable & Sendable>: Sendable, Hashable {
    /// One card on the table.
    public struct Card: Sendable, Hashable {
        /// What the card shows when it is turned. Send it to a player only when
        /// ``visibleFace`` is not `nil`.
        public let face: Face
        /// Whether the card shows its face (matched cards stay face up).
        public internal(set) var isFaceUp = false
        /// Whether the card has been matched with its twin.
        public internal(set) var isMatched = false
        /// Whether the card was face up in an earlier turn that ended in a mismatch, so
        /// the player has seen it: turning it again in a mismatch costs a point.
        public internal(set) var hasBeenSeen = false

        /// The face, when the player may see it (the card is face up or matched), else `nil`.
        public var visibleFace: Face? {
            isFaceUp || isMatched ? face : nil
        }
    }

    /// The cards in their dealt order; a card's position is its index for ``choose(_:at:)``.
    public internal(set) var cards: [Card]
    /// The score: matches earn points, mismatches of cards already seen cost points. It may
    /// be negative.
    public internal(set) var score = 0
    /// When the only face-up unmatched card was turned: the start of the current turn, or
    /// `nil` between turns.
    public internal(set) var turnStartedAt: MemoryTime?

    /// A game with the cards in exactly this order, all face down: each face exactly twice,
    /// at least two pairs.
    ///
    /// - Throws: ``MemoryGameError`` naming a face that is not there exactly twice, or too few cards.
    public init(dealing order: [Face]) throws(MemoryGameError) {
        var counts: [Face: Int] = [:]
        for face in order { counts[face, default: 0] += 1 }
        if let odd = order.first(where: { counts[$0] != 2 }) {
            throw MemoryGameError(.faceNotInAPair(String(describing: odd), count: counts[odd]!))
        }
        guard counts.count >= MemoryGame.minimumPairs else {
            throw MemoryGameError(.tooFewPairs(counts.count))
        }
        cards = order.map { Card(face: $0) }
    }

    /// A game with each face twice, dealt in random order: from `seed` reproducibly
    /// (`spc-shuffle-v1`), or without a seed by the library's secure generator, `SecureRandom`.
    ///
    /// - Throws: ``MemoryGameError`` when a face is listed twice or there are fewer than two.
    public init(pairsOf faces: [Face], seed: ShuffleSeed? = nil) throws(MemoryGameError) {
        var seen = Set<Face>()
        if let repeated = faces.first(where: { !seen.insert($0).inserted }) {
            throw MemoryGameError(.repeatedFace(String(describing: repeated)))
        }
        guard let seed else {
            var generator = SecureRandom()
            try self.init(dealing: (faces + faces).shuffled(using: &generator))
            return
        }
        try self.init(dealing: (faces + faces).shuffled(seed: seed))
    }

    /// The fewest pairs a game has.
    public static var minimumPairs: Int { 2 }

    /// Whether every card is matched: the game is over.
    public var isFinished: Bool {
        cards.allSatisfy(\.isMatched)
    }

    /// The indices of the face-up cards not yet matched: none, one or two.
    public var faceUpUnmatchedIndices: [Int] {
        cards.indices.filter { cards[$0].isFaceUp && !cards[$0].isMatched }
    }
}

extension ShuffleSeed {
    /// A seed for one step of a deal, unrelated to the seed's other steps: the last word
    /// is changed, and the generator's mixing spreads the change over its whole state.
    func step(_ number: UInt64) -> ShuffleSeed {
        number == 0 ? self : ShuffleSeed(words: (words.0, words.1, words.2, words.3 ^ (number &* 0x9E37_79B9_7F4A_7C15)))
    }
}
