import Benchmark
import PlayingCards

// Each benchmark shuffles one 52-card deck per iteration of its inner loop, so
// `time` is nanoseconds per shuffle and `throughput` is shuffles per second.
let benchmarks: @Sendable () -> Void = {
    keystreamBenchmarks()
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    Benchmark("Secure default: deck.shuffle()") { benchmark in
        var deck = PlayingCardDeck()
        for _ in benchmark.scaledIterations {
            deck.shuffle()
        }
        blackHole(deck)
    }

    Benchmark("Seeded: deck.shuffle(seed:), fresh seed each time") { benchmark in
        var deck = PlayingCardDeck()
        var seedWord: UInt64 = 0
        for _ in benchmark.scaledIterations {
            seedWord &+= 1
            deck.shuffle(seed: ShuffleSeed(words: (seedWord, 0x1234, seedWord, 0x5678)))
        }
        blackHole(deck)
    }

    Benchmark("Seeded stream: deck.shuffle(using: &xoshiro256**)") { benchmark in
        var deck = PlayingCardDeck()
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(42))
        for _ in benchmark.scaledIterations {
            deck.shuffle(using: &generator)
        }
        blackHole(deck)
    }


    Benchmark("Swift: cards.shuffle()") { benchmark in
        var cards = PlayingCard.standardDeck
        for _ in benchmark.scaledIterations {
            cards.shuffle()
        }
        blackHole(cards)
    }

    Benchmark("Swift: cards.shuffle(using: &xoshiro256**)") { benchmark in
        var cards = PlayingCard.standardDeck
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(42))
        for _ in benchmark.scaledIterations {
            cards.shuffle(using: &generator)
        }
        blackHole(cards)
    }
}

let keystreamBenchmarks: @Sendable () -> Void = {
    // 128 words = 1 KiB of ChaCha20 keystream, the size of one SecureRandom refill.
    // Its malloc column (about 16 per sample) is the harness's own: under valgrind, 1 KiB and
    // 4 MiB of ChaCha20Random output make exactly the same allocations.
    Benchmark("ChaCha20 keystream, 1 KiB") { benchmark in
        var generator = ChaCha20Random(seed: ShuffleSeed(7))
        var sum: UInt64 = 0
        for _ in benchmark.scaledIterations {
            for _ in 0..<128 { sum &+= generator.next() }
        }
        blackHole(sum)
    }
}
