import Foundation
import Synchronization

/// How much of something one client address may use: a token bucket per address that holds
/// ``capacity`` and refills at ``capacity`` a ``window``, so a client may use that much at once
/// and then that much a window. The decks and games a client makes (a token each, 600 a
/// minute) and the bytes of background images it stores (a token a byte, 64 MiB a day) are
/// both bounded so.
final class ClientBudget: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// What a client may use in a burst, and in each window after it.
    let capacity: Int
    /// The time the bucket takes to refill from empty.
    let window: Duration
    /// How many clients' buckets are kept at most; past it, the full ones are forgotten first.
    private let maximumClients: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    init(capacity: Int, window: Duration, maximumClients: Int = 100_000) {
        self.capacity = capacity
        self.window = window
        self.maximumClients = maximumClients
    }

    private var perSecond: Double {
        Double(capacity) / (Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18)
    }

    /// Takes `amount` for `client`; `nil` when it had that much, else how long until it has.
    func take(_ amount: Int = 1, for client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        refill(client, now: now, taking: Double(amount), take: true)
    }

    /// How long until `client` has `amount`, without taking it; `nil` when it has it now.
    func timeUntil(_ amount: Int = 1, for client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        refill(client, now: now, taking: Double(amount), take: false)
    }

    /// Gives `amount` back to `client`, taken before for something that did not happen (up to
    /// the bucket's capacity).
    func giveBack(_ amount: Int, for client: String) {
        buckets.withLock { buckets in
            guard var bucket = buckets[client] else { return }
            bucket.tokens = min(Double(capacity), bucket.tokens + Double(amount))
            buckets[client] = bucket
        }
    }

    /// Refills `client`'s bucket, and takes `amount` from it when `take` and it holds that much.
    private func refill(_ client: String, now: ContinuousClock.Instant, taking amount: Double, take: Bool) -> Duration? {
        let capacity = Double(capacity)
        let perSecond = perSecond
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(capacity, bucket.tokens + seconds * perSecond)
            bucket.updated = now
            defer {
                if buckets.count >= maximumClients, buckets[client] == nil { forgetIdle(&buckets, now: now, perSecond: perSecond) }
                buckets[client] = bucket
            }
            guard bucket.tokens >= amount else { return .seconds((amount - bucket.tokens) / perSecond) }
            if take { bucket.tokens -= amount }
            return nil
        }
    }

    /// Drops the buckets that have refilled: their clients are as if never seen.
    private func forgetIdle(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant, perSecond: Double) {
        let capacity = Double(capacity)
        buckets = buckets.filter { _, bucket in
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return bucket.tokens + seconds * perSecond < capacity
        }
        // Under a flood of distinct addresses every bucket may be in use: start afresh rather
        // than grow without bound.
        if buckets.count >= maximumClients { buckets.removeAll(keepingCapacity: true) }
    }
}
