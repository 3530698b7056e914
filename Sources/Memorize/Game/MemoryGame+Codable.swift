/// The saved form of a game: its version, cards, score and the start of the current turn.
///
/// ```json
/// {"version": 1,
///  "cards": [{"face": …, "faceUp": true, "matched": false, "seen": false}, …],
///  "score": -1,
///  "turnStartedAt": 1795426200000}
/// ```
///
/// `turnStartedAt` (milliseconds since 1970) is there exactly when one unmatched card is
/// face up, so a restored game scores its next match as the original would. Decoding checks
/// the version, that every face is there exactly twice, that matched cards are face up and
/// matched with their twin, that at most two unmatched cards are face up and that two such
/// cards differ; any failure throws a `DecodingError` that says which.
extension MemoryGame: Codable where Face: Codable {
    /// The version of the saved form this library writes and reads.
    public static var stateVersion: Int { 1 }

    private enum CodingKeys: String, CodingKey {
        case version, cards, score, turnStartedAt
    }

    private enum CardKeys: String, CodingKey {
        case face, faceUp, matched, seen
    }

    /// Restores a game saved by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkStateVersion(forKey: .version, of: "memory game", supported: Self.stateVersion)
        var list = try container.nestedUnkeyedContainer(forKey: .cards)
        var cards: [Card] = []
        while !list.isAtEnd {
            let saved = try list.nestedContainer(keyedBy: CardKeys.self)
            var card = try Card(face: saved.decode(Face.self, forKey: .face))
            card.isFaceUp = try saved.decode(Bool.self, forKey: .faceUp)
            card.isMatched = try saved.decode(Bool.self, forKey: .matched)
            card.hasBeenSeen = try saved.decode(Bool.self, forKey: .seen)
            cards.append(card)
        }
        do {
            try self.init(dealing: cards.map(\.face))
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .cards, in: container, debugDescription: error.description)
        }
        self.cards = cards
        score = try container.decode(Int.self, forKey: .score)
        turnStartedAt = try container.decodeIfPresent(MemoryTime.self, forKey: .turnStartedAt)
        if let problem = inconsistency {
            throw DecodingError.dataCorruptedError(forKey: .cards, in: container, debugDescription: problem)
        }
    }

    /// Saves the game.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.stateVersion, forKey: .version)
        var list = container.nestedUnkeyedContainer(forKey: .cards)
        for card in cards {
            var saved = list.nestedContainer(keyedBy: CardKeys.self)
            try saved.encode(card.face, forKey: .face)
            try saved.encode(card.isFaceUp, forKey: .faceUp)
            try saved.encode(card.isMatched, forKey: .matched)
            try saved.encode(card.hasBeenSeen, forKey: .seen)
        }
        try container.encode(score, forKey: .score)
        try container.encodeIfPresent(turnStartedAt, forKey: .turnStartedAt)
    }

    /// What makes the cards a state no sequence of choices reaches, or `nil` when they are fine.
    private var inconsistency: String? {
        if let card = cards.firstIndex(where: { $0.isMatched && !$0.isFaceUp }) {
            return "card \(card) is matched but face down: matched cards stay face up"
        }
        if let card = cards.indices.first(where: { index in
            cards[index].isMatched && !cards.indices.contains { $0 != index && cards[$0].isMatched && cards[$0].face == cards[index].face }
        }) {
            return "card \(card) is matched but its twin is not"
        }
        let faceUp = faceUpUnmatchedIndices
        if faceUp.count > 2 {
            return "\(faceUp.count) unmatched cards are face up: at most two are"
        }
        if faceUp.count == 2, cards[faceUp[0]].face == cards[faceUp[1]].face {
            return "cards \(faceUp[0]) and \(faceUp[1]) are a face-up pair but not matched"
        }
        if (faceUp.count == 1) != (turnStartedAt != nil) {
            return faceUp.count == 1
                ? "card \(faceUp[0]) is the only face-up card but turnStartedAt is missing"
                : "turnStartedAt is set but \(faceUp.count) unmatched cards are face up, not one"
        }
        return nil
    }
}
