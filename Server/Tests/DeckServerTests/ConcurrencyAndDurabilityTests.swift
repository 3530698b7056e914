@testable import DeckServerHTTP
import AsyncHTTPClient
import DeckTestSupport
import Foundation
import Testing

@Suite("Concurrent draws, restarts and crashes")
struct ConcurrencyAndDurabilityTests {
    /// Runs `body` with a client that opens up to `connections` connections to one host.
    static func withClient<T>(connections: Int, _ body: (HTTPClient) async throws -> T) async throws -> T {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        return try await withCleanup { try await body(client) } cleanup: { try? await client.shutdown() }
    }

    @Test(
        "200 concurrent draws from a 2-deck shoe: each copy dealt at most twice, none lost, no 5xx; past the end, refused (strict) or success false with no card",
        arguments: TestStore.allCases)
    func concurrentDraws(_ store: TestStore) async throws {
        try await withServer(store) { server in
            for strict in [true, false] {
                let id = try await server.newDeck("shuffle/?deck_count=2")
                let answers = try await Self.withClient(connections: 50) { client in
                    try await withThrowingTaskGroup(of: Answer.self) { group in
                        for _ in 0..<200 {
                            group.addTask { try await client.call("\(server.base)/api/deck/\(id)/draw/?count=1&strict=\(strict)") }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                let isDealing = { (answer: Answer) in answer.status == 200 && (try? answer.deck.success) == true }
                let dealing = answers.filter(isDealing)
                #expect(dealing.allSatisfy { $0.codes.count == 1 })
                let dealt = dealing.flatMap(\.codes)
                #expect(dealt.count == 104)
                #expect(Dictionary(grouping: dealt, by: { $0 }).values.allSatisfy { $0.count <= 2 })
                #expect(Set(dealt).count == 52)
                let past = answers.filter { !isDealing($0) }
                #expect(past.count == 96)
                if strict {
                    #expect(past.allSatisfy { $0.status == 400 && $0.error.contains("nothing was drawn") })
                } else {
                    #expect(past.allSatisfy { $0.status == 200 && (try? $0.deck)?.cards == [] && (try? $0.deck)?.asked == 1 })
                }
                #expect(try await server.get("/api/deck/\(id)/").remaining == 0)
            }
        }
    }

    @Test("a restart on the same data keeps every deck, pile and order", arguments: TestStore.allCases)
    func restartKeepsDecks(_ store: TestStore) async throws {
        let first = try await ServerProcess(database: store.newDatabase())
        try await withCleanup {
            let server = TestServer(process: first)
            var ids: [String] = []
            for index in 0..<5 { ids.append(try await server.newDeck("shuffle/?deck_count=\(index + 1)")) }
            let drawn = try await server.get("/api/deck/\(ids[0])/draw/?count=5").codes
            _ = try await server.get("/api/deck/\(ids[0])/pile/hand/add/?cards=\(drawn[0]),\(drawn[1])")
            let before = try await server.get("/api/deck/\(ids[0])/pile/hand/list/")
            #expect(await first.stop() == 0)

            let second = try await ServerProcess(dataFolder: first.dataFolder, database: first.database)
            try await withCleanup {
                let again = TestServer(process: second)
                let after = try await again.get("/api/deck/\(ids[0])/pile/hand/list/")
                #expect(after.remaining == 47)
                #expect(after.pileCodes("hand") == before.pileCodes("hand"))
                for (index, id) in ids.enumerated().dropFirst() {
                    #expect(try await again.get("/api/deck/\(id)/").remaining == 52 * (index + 1))
                }
            } cleanup: {
                await second.stop()
            }
        } cleanup: {
            await first.stopAndRemoveData()
        }
    }

    @Test("SIGKILL in the middle of concurrent draws: every acknowledged draw is kept, no card twice", arguments: TestStore.allCases)
    func killDuringDraws(_ store: TestStore) async throws {
        let first = try await ServerProcess(database: store.newDatabase())
        try await withCleanup {
            let id = try await TestServer(process: first).newDeck("shuffle/?deck_count=8")
            let url = "\(first.baseURL)/api/deck/\(id)/draw/?count=1"

            let acknowledged = try await Self.drawUntilKilled(url) { await first.kill() }
            #expect(acknowledged.count > 16, "the draws had barely started when the server was killed")
            #expect(acknowledged.count < 416)

            let second = try await ServerProcess(dataFolder: first.dataFolder, database: first.database)
            try await withCleanup {
                try await Self.expectAcknowledgedDrawsKept(acknowledged, deck: id, on: TestServer(process: second))
            } cleanup: {
                await second.stop()
            }
        } cleanup: {
            await first.stopAndRemoveData()
        }
    }

    /// 16 clients draw one card at a time from `url` (a draw from a shoe of 8 decks) until the
    /// server stops answering; `kill` ends it once 64 draws were answered, however slow the
    /// machine is. Returns the cards answered 200.
    static func drawUntilKilled(_ url: String, kill: @escaping @Sendable () async -> Void) async throws -> [String] {
        let answered = Tally()
        return try await withClient(connections: 16) { client in
            await withTaskGroup(of: [String].self) { group in
                group.addTask {
                    // Let go without a kill when the server stopped answering before 64 draws.
                    if await answered.reached(64) { await kill() }
                    return []
                }
                let cards = await withTaskGroup(of: [String].self) { clients in
                    for _ in 0..<16 {
                        clients.addTask {
                            var cards: [String] = []
                            while let answer = try? await client.call(url), answer.status == 200 {
                                cards += answer.codes
                                answered.add()
                            }
                            return cards
                        }
                    }
                    return await clients.reduce(into: []) { $0 += $1 }
                }
                group.cancelAll()
                return cards
            }
        }
    }

    /// Checks the shoe of 8 decks `id` through `server` after ``drawUntilKilled(_:kill:)``:
    /// every acknowledged draw is kept, a draw in flight at the kill was saved without an answer
    /// at most once per client, and drawing the rest deals no card more often than the shoe
    /// holds it.
    static func expectAcknowledgedDrawsKept(_ acknowledged: [String], deck id: String, on server: TestServer) async throws {
        let remaining = try #require(try await server.get("/api/deck/\(id)/").remaining)
        #expect(remaining <= 416 - acknowledged.count)
        #expect(remaining >= 416 - acknowledged.count - 16)
        let rest = try await server.get("/api/deck/\(id)/draw/?count=\(remaining)").codes
        let counts = Dictionary(grouping: acknowledged + rest, by: { $0 }).mapValues(\.count)
        #expect(counts.values.allSatisfy { $0 <= 8 }, "a card was dealt more often than the shoe holds it")
        #expect(counts.count == 52)
    }
}
