extension PlayingCardDeck {
    /// Shuffles the deck with the secure default generator (``SecureRandom``): every order
    /// equally likely, unpredictable, and without a system call per card.
    @inlinable
    public mutating func shuffle() {
        var generator = ThreadSecureGenerator()
        shuffle(using: &generator)
    }

    /// A shuffled copy of the deck; see ``shuffle()``.
    public func shuffled() -> PlayingCardDeck {
        var copy = self
        copy.shuffle()
        return copy
    }

    /// Shuffles the deck with `generator`, using the library's own Fisher–Yates
    /// (``ShuffleAlgorithm/v1``'s steps 2 and 3), so that the same generator state gives the
    /// same order with every Swift version.
    @inlinable
    public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
        stack.shuffle(with: &generator)
    }

    /// A copy of the deck shuffled with `generator`; see ``shuffle(using:)``.
    @inlinable
    public func shuffled(using generator: inout some RandomNumberGenerator) -> PlayingCardDeck {
        var copy = self
        copy.shuffle(using: &generator)
        return copy
    }

    /// Shuffles the deck reproducibly: the same seed, algorithm and starting order give the
    /// same order on every platform, Swift version and run.
    @inlinable
    public mutating func shuffle(seed: ShuffleSeed, algorithm: ShuffleAlgorithm = .latest) {
        stack.shuffle(seed: seed, algorithm: algorithm)
    }

    /// A copy of the deck shuffled reproducibly; see ``shuffle(seed:algorithm:)``.
    public func shuffled(seed: ShuffleSeed, algorithm: ShuffleAlgorithm = .latest) -> PlayingCardDeck {
        var copy = self
        copy.shuffle(seed: seed, algorithm: algorithm)
        return copy
    }
}

extension MutableCollection where Self: RandomAccessCollection {
    /// Shuffles the elements reproducibly with a versioned algorithm (``ShuffleAlgorithm``).
    @inlinable
    public mutating func shuffle(seed: ShuffleSeed, algorithm: ShuffleAlgorithm = .latest) {
        switch algorithm {
        case .v1:
            var generator = Xoshiro256StarStar(seed: seed)
            shuffle(with: &generator)
        }
    }

    /// A shuffled copy, reproducible from the seed; see ``shuffle(seed:algorithm:)``.
    @inlinable
    public func shuffled(seed: ShuffleSeed, algorithm: ShuffleAlgorithm = .latest) -> [Element] {
        var copy = Array(self)
        copy.shuffle(seed: seed, algorithm: algorithm)
        return copy
    }
}

extension PlayingCardDeck {
    /// Shuffles the deck reproducibly from `seed` and deals `cardsEach` cards round the table
    /// to each of `hands` hands: a whole deal that can be replayed from the seed.
    ///
    /// ```swift
    /// var deck = PlayingCardDeck()
    /// let hands = try deck.shuffleAndDeal(hands: 4, cardsEach: 5, seed: ShuffleSeed(2026))
    /// ```
    ///
    /// - Throws: ``DeckError`` as ``deal(hands:cardsEach:)`` does; the deck is then unchanged.
    public mutating func shuffleAndDeal(hands: Int, cardsEach: Int, seed: ShuffleSeed) throws(DeckError) -> [[PlayingCard]] {
        var shuffled = self.shuffled(seed: seed)
        let dealt = try shuffled.deal(hands: hands, cardsEach: cardsEach)
        self = shuffled
        return dealt
    }
}
