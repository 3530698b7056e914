import DeckService
@testable import DeckStorePostgres
import DeckTestSupport
import Logging
import Synchronization
import Testing

/// Two servers' table feeds on one database, in this process: a notice sent with `deliver` has
/// been heard by the other server when `deliver` returns, which is what lets a hold's answer
/// promise that no server still lets the old holder drag.
@Suite("Table feed deliveries across servers")
struct PostgresFeedDeliveryTests {
    @Test("every release delivered through one feed has been heard by the other when deliver returns")
    func deliveredIsHeard() async throws {
        let url = try PostgresDatabaseURL(try await PostgresCluster.shared.createDatabase())
        var logger = Logger(label: "feed-test")
        logger.logLevel = .warning
        try await PostgresSchema.migrate(url: url, wait: .seconds(30), logger: logger)
        let (one, two) = (PostgresTableFeed(url: url, logger: logger), PostgresTableFeed(url: url, logger: logger))
        let heardByTwo = HeardNotices()
        let (oneHears, oneHeard) = AsyncStream<TableNotice>.makeStream()
        let (twoHears, twoHeard) = AsyncStream<TableNotice>.makeStream()
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await one.listen { oneHeard.yield($0) } }
            group.addTask {
                await two.listen { notice in
                    heardByTwo.notices.withLock { _ = $0.insert(notice) }
                    twoHeard.yield(notice)
                }
            }
            var oneNotices = oneHears.makeAsyncIterator()
            var twoNotices = twoHears.makeAsyncIterator()
            #expect(await oneNotices.next() == .mayHaveMissed)
            #expect(await twoNotices.next() == .mayHaveMissed)
            // One learns of two from what two says.
            let hello = TableSignal.held(stack: "s0", seat: 2, until: nil)
            await two.deliver(hello, table: "t")
            while let notice = await oneNotices.next(), notice != .signal(id: "t", hello) {}

            var unheard: [Int] = []
            for round in 1...20 {
                let release = TableSignal.held(stack: "s\(round)", seat: 1, until: nil)
                await one.deliver(release, table: "t")
                if !heardByTwo.notices.withLock({ $0.contains(.signal(id: "t", release)) }) { unheard.append(round) }
            }
            #expect(unheard == [], "deliver returned before the other server heard these releases")
            group.cancelAll()
        }
    }
}

/// The notices a feed's listener heard.
private final class HeardNotices: Sendable {
    let notices = Mutex<Set<TableNotice>>([])
}
