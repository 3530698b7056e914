import Foundation

/// Statistical checks that a shuffle makes every order equally likely.
///
/// Each check compares a statistic with a threshold that a fair shuffle exceeds with
/// probability about 10⁻⁶ (z = 4.75), so with fixed seeds the fair shuffles pass every run, and
/// biased shuffles, whose statistics land far beyond, fail.
struct UniformityBattery {
    struct Check: CustomStringConvertible {
        var name: String
        var statistic: Double
        var threshold: Double
        var passed: Bool { statistic <= threshold }
        var description: String {
            "\(name): \(String(format: "%.1f", statistic)) (threshold \(String(format: "%.1f", threshold))) \(passed ? "pass" : "FAIL")"
        }
    }

    var checks: [Check]
    var passed: Bool { checks.allSatisfy(\.passed) }
    func check(_ name: String) -> Check { checks.first { $0.name.hasPrefix(name) }! }

    static let z = 4.75

    /// The χ² value exceeded with probability about 10⁻⁶ (Wilson–Hilferty approximation).
    static func chiSquareThreshold(degreesOfFreedom k: Double) -> Double {
        let a = 2 / (9 * k)
        return k * pow(1 - a + z * a.squareRoot(), 3)
    }

    /// Runs the battery and prints its checks under `label`. `shuffle` shuffles an array of
    /// 0..<n in place.
    static func run(_ label: String, shuffles: Int = 60_000, shuffle: (inout [Int]) -> Void) -> UniformityBattery {
        let battery = measure(shuffles: shuffles, shuffle: shuffle)
        print("uniformity battery, \(label), \(shuffles) shuffles: " + battery.checks.map(\.description).joined(separator: "; "))
        return battery
    }

    private static func measure(shuffles: Int, shuffle: (inout [Int]) -> Void) -> UniformityBattery {
        let n = 52
        var table = [Int](repeating: 0, count: n * n)  // [card * n + position]
        var pairs = 0.0, pairsSquared = 0.0
        var deck = Array(0..<n)
        for _ in 0..<shuffles {
            for i in 0..<n { deck[i] = i }
            shuffle(&deck)
            var survivors = 0.0
            for position in 0..<n {
                table[deck[position] * n + position] += 1
                if position + 1 < n, deck[position + 1] == deck[position] + 1 { survivors += 1 }
            }
            pairs += survivors
            pairsSquared += survivors * survivors
        }
        let expectedCell = Double(shuffles) / Double(n)
        let cardByPosition = table.reduce(0.0) { $0 + pow(Double($1) - expectedCell, 2) / expectedCell }

        // All 24 orders of a 4-card deck.
        let small = shuffles * 4
        var orders = [String: Int]()
        var four = [0, 1, 2, 3]
        for _ in 0..<small {
            four = [0, 1, 2, 3]
            shuffle(&four)
            orders[four.map(String.init).joined(), default: 0] += 1
        }
        let expectedOrder = Double(small) / 24
        let permutations = (orders.values.reduce(0.0) { $0 + pow(Double($1) - expectedOrder, 2) / expectedOrder })
            + Double(24 - orders.count) * expectedOrder

        // Surviving adjacent pairs: expected (n − 1)/n per shuffle.
        let mean = pairs / Double(shuffles)
        let variance = max(pairsSquared / Double(shuffles) - mean * mean, 1e-9)
        let pairZ = abs(mean - Double(n - 1) / Double(n)) / (variance / Double(shuffles)).squareRoot()

        return UniformityBattery(checks: [
            Check(name: "χ² card by position (52 × 52)", statistic: cardByPosition,
                  threshold: chiSquareThreshold(degreesOfFreedom: Double((n - 1) * (n - 1)))),
            Check(name: "χ² orders of 4 cards", statistic: permutations, threshold: chiSquareThreshold(degreesOfFreedom: 23)),
            Check(name: "adjacent pairs surviving, |z|", statistic: pairZ, threshold: z),
        ])
    }
}
