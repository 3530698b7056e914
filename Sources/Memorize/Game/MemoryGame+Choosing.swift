extension MemoryGame {
    /// What a choice did.
    public enum Outcome: Sendable, Hashable {
        /// The card was already face up or matched: nothing changed.
        case ignored
        /// The card is now the only face-up unmatched card: a turn began.
        case turnedFirst
        /// The card matched the other face-up card; the score rose by `points`.
        case matched(points: Int)
        /// The card did not match the other face-up card; the score fell by `penalty`
        /// (0, 1 or 2: one for each of the two cards seen in an earlier turn).
        case mismatched(penalty: Int)
    }

    /// Chooses (turns) the card at `index` at the given moment: the game's only use of time,
    /// so a caller's clock — or a test's — decides the time bonus.
    ///
    /// - A face-down card becomes the only face-up card when no other unmatched card is face
    ///   up, or when two are (the last mismatch): those two turn face down.
    /// - With exactly one other face-up card, the two are compared: the same face matches
    ///   both and earns 2 × max(10 − s, 1), where s is the whole seconds since the first was
    ///   turned; different faces stay face up until the next choice and cost 1 for each of
    ///   them that was seen in an earlier turn.
    /// - Choosing a face-up or matched card does nothing.
    ///
    /// - Throws: ``MemoryGameError`` when there is no card at `index`; the game is unchanged.
    @discardableResult
    public mutating func choose(_ index: Int, at time: MemoryTime = .now) throws(MemoryGameError) -> Outcome {
        guard cards.indices.contains(index) else {
            throw MemoryGameError(.noSuchCard(index, count: cards.count))
        }
        guard !cards[index].isFaceUp, !cards[index].isMatched else { return .ignored }
        let faceUp = faceUpUnmatchedIndices
        guard faceUp.count == 1, let started = turnStartedAt else {
            for other in faceUp { cards[other].isFaceUp = false }
            cards[index].isFaceUp = true
            turnStartedAt = time
            return .turnedFirst
        }
        let other = faceUp[0]
        cards[index].isFaceUp = true
        turnStartedAt = nil
        if cards[index].face == cards[other].face {
            cards[index].isMatched = true
            cards[other].isMatched = true
            let points = 2 * Int(max(10 - time.wholeSeconds(since: started), 1))
            score += points
            return .matched(points: points)
        }
        let penalty = [index, other].count { cards[$0].hasBeenSeen }
        cards[index].hasBeenSeen = true
        cards[other].hasBeenSeen = true
        score -= penalty
        return .mismatched(penalty: penalty)
    }
}
