import PlayingCards

// Interleaved timing of the shuffles issue 3 compares, for ratios that survive a noisy machine.
//
// Each round times every variant once, back to back, in a shuffled order; a ratio is taken
// within a round, where both sides saw the same machine. The report gives, per variant, the
// median time per 52-card shuffle over the rounds, and the median of the per-round ratios.

struct Variant {
    var name: String
    var shufflesPerSample: Int
    var run: (Int) -> Void
}

@inline(never)
func consume<T>(_ value: T) {
    withUnsafePointer(to: value) { _ = $0 }
}

func secureDefault(_ count: Int) {
    var deck = PlayingCardDeck()
    for _ in 0..<count { deck.shuffle() }
    consume(deck.cards.first)
}

func seededStream(_ count: Int) {
    var deck = PlayingCardDeck()
    var generator = Xoshiro256StarStar(seed: ShuffleSeed(42))
    for _ in 0..<count { deck.shuffle(using: &generator) }
    consume(deck.cards.first)
}

func seededPerCall(_ count: Int) {
    var deck = PlayingCardDeck()
    for seed in 0..<count { deck.shuffle(seed: ShuffleSeed(UInt64(seed))) }
    consume(deck.cards.first)
}

func swiftDefault(_ count: Int) {
    var cards = PlayingCard.standardDeck
    for _ in 0..<count { cards.shuffle() }
    consume(cards.first)
}

func swiftUsing(_ count: Int) {
    var cards = PlayingCard.standardDeck
    var generator = Xoshiro256StarStar(seed: ShuffleSeed(42))
    for _ in 0..<count { cards.shuffle(using: &generator) }
    consume(cards.first)
}

let variants = [
    Variant(name: "secure default: deck.shuffle()", shufflesPerSample: 2_000, run: secureDefault),
    Variant(name: "seeded: deck.shuffle(using: &xoshiro256**)", shufflesPerSample: 4_000, run: seededStream),
    Variant(name: "seeded: deck.shuffle(seed:), seeded per call", shufflesPerSample: 4_000, run: seededPerCall),
    Variant(name: "Swift: cards.shuffle()", shufflesPerSample: 20, run: swiftDefault),
    Variant(name: "Swift: cards.shuffle(using: &xoshiro256**)", shufflesPerSample: 2_000, run: swiftUsing),
]

let rounds = 2_000
var samples = [[Double]](repeating: [], count: variants.count)  // ns per shuffle
var order = Array(variants.indices)
var generator = Xoshiro256StarStar(seed: ShuffleSeed(1))
let clock = ContinuousClock()
for variant in variants { variant.run(variant.shufflesPerSample) }  // warm up
for _ in 0..<rounds {
    order.shuffle(seed: ShuffleSeed(generator.next()))
    for index in order {
        let variant = variants[index]
        let elapsed = clock.measure { variant.run(variant.shufflesPerSample) }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples[index].append(nanoseconds / Double(variant.shufflesPerSample))
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func format(_ value: Double, decimals: Int) -> String {
    let scale = [1.0, 10, 100, 1000][decimals]
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? String(Int(rounded)) : String(rounded)
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

print("Interleaved shuffle timing: \(rounds) rounds, 52-card deck, medians over rounds")
print(pad("variant", 48) + pad("ns/shuffle", 12) + "shuffles/s")
for (index, variant) in variants.enumerated() {
    let ns = median(samples[index])
    print(pad(variant.name, 48) + pad(format(ns, decimals: 1), 12) + format(1e9 / ns / 1e6, decimals: 2) + " M")
}

let samplesTaken = samples
func ratio(_ slow: Int, _ fast: Int) -> Double {
    median(zip(samplesTaken[slow], samplesTaken[fast]).map { $0 / $1 })
}
print("")
print("Ratios (median of per-round ratios):")
print("  secure default vs Swift shuffle():                 \(format(ratio(3, 0), decimals: 1))×   (target ≥ 50×)")
print("  seeded vs Swift shuffle(using:), same generator:   \(format(ratio(4, 1), decimals: 2))×   (target ≥ 2×)")
print("  seeded per call vs Swift shuffle(using:):          \(format(ratio(4, 2), decimals: 2))×")
