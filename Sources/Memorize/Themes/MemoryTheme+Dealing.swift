import PlayingCards

/// The steps of a deal, each shuffled with its own seed derived from the game's seed.
enum DealStep {
    static let order: UInt64 = 0
    static let faces: UInt64 = 1
    static let pairs: UInt64 = 2
    static let theme: UInt64 = 3
}

extension MemoryTheme {
    /// A new game of this theme: `pairs` of its faces (chosen at random when the theme has
    /// more), each twice, in random order.
    ///
    /// With a `seed` the whole deal — the number of pairs when it is random, which faces,
    /// their order — replays exactly (`spc-shuffle-v1`); without one every choice comes from
    /// the library's secure generator, `SecureRandom`.
    ///
    /// - Parameters:
    ///   - pairs: how many pairs, from 2 to the number of faces; `nil` for the theme's own
    ///     number, or a random number when the theme has none.
    ///   - seed: the seed that replays the deal, or `nil` for a deal from `SecureRandom`.
    /// - Throws: ``MemoryGameError`` when `pairs` is out of range.
    public func newGame(pairs: Int? = nil, seed: ShuffleSeed? = nil) throws(MemoryGameError) -> MemoryGame<MemoryFace> {
        let range = MemoryGame<MemoryFace>.minimumPairs...faces.count
        guard let seed else {
            var generator = SecureRandom()
            let count = pairs ?? self.pairs ?? Int.random(in: range, using: &generator)
            guard range.contains(count) else { throw MemoryGameError(.pairsOutOfRange(count, faces: faces.count)) }
            return try MemoryGame(pairsOf: Array(faces.shuffled(using: &generator).prefix(count)))
        }
        let count = pairs ?? self.pairs ?? Array(range).shuffled(seed: seed.step(DealStep.pairs))[0]
        guard range.contains(count) else { throw MemoryGameError(.pairsOutOfRange(count, faces: faces.count)) }
        let chosen = Array(faces.shuffled(seed: seed.step(DealStep.faces)).prefix(count))
        return try MemoryGame(pairsOf: chosen, seed: seed.step(DealStep.order))
    }
}
