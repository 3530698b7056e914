/// The project's own Fisher–Yates shuffle: the algorithm behind every shuffle in the library,
/// fixed and versioned (``ShuffleAlgorithm/v1``) so that a generator's output gives the same
/// order on every platform and Swift version.
///
/// For `i` from `n − 1` down to 1 it swaps element `i` with element `j`, `j` uniform in `0...i`.
/// The rolls come in batches (Brackett-Rozinsky & Lemire, "Batched ranged random integer
/// generation", 2024): consecutive bounds `i + 1, i, …` are grouped while their product `P`
/// stays at most 2^56, and one 64-bit word `x` yields the whole group: multiply `x` by the first
/// bound; the high word is the first roll and the low word is multiplied by the next bound, and
/// so on. The low word `l` left at the end is checked as in Lemire's method: when
/// `l < 2^64 mod P` the batch is undone and drawn again from the next word, so the rolls are
/// exactly uniform. A 52-card shuffle takes 5 words instead of 51.
extension UnsafeMutableBufferPointer {
    @inlinable
    func batchedFisherYatesShuffle(using generator: inout some RandomNumberGenerator) {
        guard count > 1, let base = baseAddress else { return }
        let plan = BatchPlan.table
        var i = count - 1
        while i > 0 {
            // This batch swaps positions i down to `last`, with bounds i + 1 down to last + 1.
            let (last, product) = i < plan.count ? plan[i] : BatchPlan.batch(startingAt: i)
            while true {
                let start = generator.next()
                var word = start
                // Two rolls per pass (same rolls, same order), then the odd one out. Positions
                // stay within 1..<count, so the wrapping arithmetic cannot wrap; it spares the
                // hot loop two overflow checks per card.
                var position = i
                while position > last {
                    let (first, rest) = word.multipliedFullWidth(by: UInt64(truncatingIfNeeded: position &+ 1))
                    let (second, remainder) = rest.multipliedFullWidth(by: UInt64(truncatingIfNeeded: position))
                    word = remainder
                    Self.swap(base, position, Int(truncatingIfNeeded: first))
                    Self.swap(base, position &- 1, Int(truncatingIfNeeded: second))
                    position &-= 2
                }
                if position == last {
                    let (roll, rest) = word.multipliedFullWidth(by: UInt64(truncatingIfNeeded: position &+ 1))
                    word = rest
                    Self.swap(base, position, Int(truncatingIfNeeded: roll))
                }
                if word >= product || word >= (0 &- product) % product { break }
                Self.undoBatch(base, start: start, from: i, to: last)
            }
            i = last - 1
        }
    }

    @inlinable @inline(__always)
    static func swap(_ base: UnsafeMutablePointer<Element>, _ a: Int, _ b: Int) {
        let temporary = base[a]
        base[a] = base[b]
        base[b] = temporary
    }

    /// Undoes a rejected batch (probability below 2^-8 per batch): recomputes its rolls from the
    /// word that made them, then swaps back in reverse order.
    @usableFromInline
    static func undoBatch(_ base: UnsafeMutablePointer<Element>, start: UInt64, from first: Int, to last: Int) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: first - last + 1) { rolls in
            var word = start
            for (slot, position) in (last...first).reversed().enumerated() {
                let (roll, rest) = word.multipliedFullWidth(by: UInt64(position + 1))
                word = rest
                rolls[slot] = Int(truncatingIfNeeded: roll)
            }
            for (slot, position) in (last...first).reversed().enumerated().reversed() {
                Self.swap(base, position, rolls[slot])
            }
        }
    }
}

extension MutableCollection where Self: RandomAccessCollection {
    /// Shuffles in place with the project's batched Fisher–Yates (``ShuffleAlgorithm/v1``).
    ///
    /// Named apart from the standard library's `shuffle(using:)`, whose algorithm may change
    /// between Swift versions.
    @inlinable
    mutating func shuffle(with generator: inout some RandomNumberGenerator) {
        let done: Void? = withContiguousMutableStorageIfAvailable { buffer in
            buffer.batchedFisherYatesShuffle(using: &generator)
        }
        if done == nil {
            var copy = Array(self)
            copy.withUnsafeMutableBufferPointer { $0.batchedFisherYatesShuffle(using: &generator) }
            for (index, element) in zip(indices, copy) { self[index] = element }
        }
    }
}

/// Where each batch of rolls ends. A batch starting at position `i` depends only on `i`, so
/// the batches for decks of up to 1,024 cards are worked out once, not in every shuffle.
@usableFromInline
enum BatchPlan {
    /// `table[i]`: the last position and the product of the bounds of the batch starting at `i`.
    @usableFromInline static let table: [(last: Int, product: UInt64)] = (0..<1024).map(batch(startingAt:))

    /// The batch starting at position `i`: bounds `i + 1, i, …` while their product stays at
    /// most ``BoundedRandom/batchProductLimit``.
    @usableFromInline
    static func batch(startingAt i: Int) -> (last: Int, product: UInt64) {
        var product = UInt64(i + 1)
        var last = i
        while last > 1 {
            let (next, overflow) = product.multipliedReportingOverflow(by: UInt64(last))
            if overflow || next > BoundedRandom.batchProductLimit { break }
            product = next
            last -= 1
        }
        return (last, product)
    }
}
