extension PlayingCardDeck {
    /// Shuffles the deck with the secure default generator (``SecureRandom``): every order
    /// equally likely, unpredictable, and without a system call per card.
    @inlinable
    public mutating func shuffle() {
        var generator = SecureRandom()
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
