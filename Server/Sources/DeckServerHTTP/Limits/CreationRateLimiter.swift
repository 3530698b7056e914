import Foundation
import Synchronization

/// How many decks and games one client may create: a token bucket per client address that
/// holds `perMinute` tokens and refills at `perMinute` a minute, so a client may create that
/// many at once and then that many a minute.
final class CreationRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// Creations a client may make in a burst, and per minute after it.
    let perMinute: Int
    /// How many clients' buckets are kept at most; past it, the full ones are forgotten first.
    private let maximumClients: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    init(perMinute: Int, maximumClients: Int = 100_000) {
        self.perMinute = perMinute
        self.maximumClients = maximumClients
    }

    /// Takes a token for `client`; `nil` when it had one, else how long until it has one.
    func take(for client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        refill(client, now: now, taking: true)
    }

    /// How long until `client` has a token, without taking one; `nil` when it has one now.
    func timeUntilToken(for client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        refill(client, now: now, taking: false)
    }

    /// Refills `client`'s bucket, and takes a token from it when `taking` and there is one.
    private func refill(_ client: String, now: ContinuousClock.Instant, taking: Bool) -> Duration? {
        let capacity = Double(perMinute)
        let perSecond = capacity / 60
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
            guard bucket.tokens >= 1 else { return .seconds((1 - bucket.tokens) / perSecond) }
            if taking { bucket.tokens -= 1 }
            return nil
        }
    }

    /// Drops the buckets that have refilled: their clients are as if never seen.
    private func forgetIdle(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant, perSecond: Double) {
        let capacity = Double(perMinute)
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
