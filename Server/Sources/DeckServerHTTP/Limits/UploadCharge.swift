import Synchronization

/// The bytes an upload takes from its client's budget (``ClientBudget``): the length its head
/// declares, taken before the file is read, so that uploads sent at once cannot together pass
/// the budget; then settled to the bytes stored, or given back when the server stored nothing
/// through no fault of the file. A file refused for what it is (not an image, say) keeps its
/// charge: bytes the server had to take count, stored or not.
final class UploadCharge: Sendable {
    private let budget: ClientBudget?
    private let client: String
    private let taken = Mutex(0)
    private let kept = Mutex(false)

    /// A charge of nothing yet, against `budget` (`nil`: no limit) for `client`.
    init(budget: ClientBudget?, client: String) {
        self.budget = budget
        self.client = client
    }

    /// Takes `bytes` more; throws ``RateLimitedError`` (and takes nothing) when the client has
    /// not that much left.
    func take(_ bytes: Int) throws {
        guard let budget, bytes > 0 else { return }
        if let wait = budget.take(bytes, for: client) {
            throw RateLimitedError.uploads(perDay: budget.capacity, retryAfter: wait)
        }
        taken.withLock { $0 += bytes }
    }

    /// Makes the charge `bytes` in all: takes what is missing (throwing as ``take(_:)`` does) or
    /// gives back what was taken past it.
    func settle(to bytes: Int) throws {
        let difference = bytes - taken.withLock { $0 }
        if difference > 0 { try take(difference) } else { giveBack(-difference) }
    }

    /// Keeps what was taken whatever follows: the file was refused for what it is.
    func keep() {
        kept.withLock { $0 = true }
    }

    /// Gives back everything taken, unless ``keep()`` kept it: the upload stored nothing.
    func refund() {
        guard !kept.withLock({ $0 }) else { return }
        giveBack(taken.withLock { $0 })
    }

    private func giveBack(_ bytes: Int) {
        guard let budget, bytes > 0 else { return }
        taken.withLock { $0 -= bytes }
        budget.giveBack(bytes, for: client)
    }
}
