@testable import DeckServerHTTP
import Testing

/// The limits an upload is held to before its file is read: a place among the uploads in
/// progress, and its declared length taken from its address's daily budget, then settled.
@Suite("Upload limits")
struct UploadLimitsTests {
    @Test("places: at most the total server-wide and the share of one address; each given back comes back")
    func places() {
        let uploads = UploadsInProgress(total: 3, perClient: 2)
        #expect(uploads.enter("a") == nil && uploads.enter("a") == nil)
        #expect(uploads.enter("a") == .clientFull(perClient: 2))
        #expect(uploads.enter("b") == nil)
        #expect(uploads.enter("c") == .serverFull(total: 3))
        #expect(uploads.count == 3)
        uploads.leave("a")
        #expect(uploads.enter("c") == nil)
        for client in ["a", "b", "c"] { uploads.leave(client) }
        #expect(uploads.count == 0)
        #expect(uploads.enter("a") == nil && uploads.enter("a") == nil, "a's places came back")
    }

    @Test("a charge takes the declared length, settles to what is stored (giving back or taking more), a refund gives back all, and a kept charge stays")
    func charge() throws {
        let budget = ClientBudget(capacity: 1_000, window: .seconds(86_400))
        let charge = UploadCharge(budget: budget, client: "a")
        try charge.take(600)
        #expect(budget.timeUntil(400, for: "a") == nil && budget.timeUntil(401, for: "a") != nil)
        try charge.settle(to: 200)
        #expect(budget.timeUntil(800, for: "a") == nil && budget.timeUntil(801, for: "a") != nil)
        #expect(throws: RateLimitedError.self) { try charge.settle(to: 1_001) }
        #expect(budget.timeUntil(800, for: "a") == nil, "a refused settlement takes nothing")
        try charge.settle(to: 900)
        #expect(budget.timeUntil(100, for: "a") == nil && budget.timeUntil(101, for: "a") != nil)
        charge.refund()
        #expect(budget.timeUntil(1_000, for: "a") == nil)

        // A charge kept (a file refused for what it is) is not given back.
        let kept = UploadCharge(budget: budget, client: "a")
        try kept.take(300)
        kept.keep()
        kept.refund()
        #expect(budget.timeUntil(700, for: "a") == nil && budget.timeUntil(701, for: "a") != nil)
        #expect(budget.timeUntil(1, for: "b") == nil, "another address's budget is its own")
    }
}
