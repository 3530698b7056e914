@testable import PlayingCards
import Testing

@Suite("Uniformity", .serialized)
struct UniformityTests {
    @Test func seededShufflePasses() {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(20_261_121))
        let report = UniformityBattery.run("seeded stream") { $0.shuffle(with: &generator) }
        #expect(report.passed, "\(report.checks)")
    }

    @Test func seededEntryPointPasses() {
        var counter: UInt64 = 0
        let report = UniformityBattery.run("shuffle(seed:) with seeds 1, 2, 3…") { cards in
            counter += 1
            cards.shuffle(seed: ShuffleSeed(words: (counter, 0, 0, 0)))
        }
        #expect(report.passed, "consecutive small seeds must give independent orders: \(report.checks)")
    }

    @Test func secureDefaultWithAFixedKeyPasses() {
        let engine = SecureEngine(key: ChaCha20.key(11, 22, 33, 44))
        var generator = EngineGenerator(engine: engine)
        let report = UniformityBattery.run("secure default, fixed key") { $0.shuffle(with: &generator) }
        #expect(report.passed, "\(report.checks)")
    }

    struct EngineGenerator: RandomNumberGenerator {
        let engine: SecureEngine
        mutating func next() -> UInt64 { engine.next() }
    }

    @Test("The battery catches the naive swap-with-any-card shuffle")
    func naiveShuffleFails() {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(1))
        let report = UniformityBattery.run("BIASED naive swap") { cards in
            for i in cards.indices {
                cards.swapAt(i, Int(BoundedRandom.uniform(below: UInt64(cards.count), using: &generator)))
            }
        }
        #expect(!report.passed)
        #expect(!report.check("χ² card by position").passed, "\(report.checks)")
        #expect(!report.check("χ² orders of 4").passed, "\(report.checks)")
    }

    @Test("The battery catches modulo bias (a random byte % bound)")
    func moduloBiasFails() {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(2))
        let report = UniformityBattery.run("BIASED byte modulo") { cards in
            for i in stride(from: cards.count - 1, to: 0, by: -1) {
                cards.swapAt(i, Int(UInt8(truncatingIfNeeded: generator.next()) % UInt8(i + 1)))
            }
        }
        #expect(!report.passed)
        #expect(!report.check("χ² card by position").passed, "\(report.checks)")
    }

    @Test("The battery catches a deck that is riffled only three times")
    func tooFewRifflesFail() {
        var generator = Xoshiro256StarStar(seed: ShuffleSeed(3))
        let report = UniformityBattery.run("3 riffles", shuffles: 20_000) { $0.shuffle(like: .riffle, times: 3, using: &generator) }
        #expect(!report.check("adjacent pairs").passed, "\(report.checks)")
    }
}
