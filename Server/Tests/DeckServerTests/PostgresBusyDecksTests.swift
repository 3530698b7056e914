import AsyncHTTPClient
import DeckTestSupport
import Foundation
import Synchronization
import Testing

/// Many busy decks through two instances on one PostgreSQL database: the changes of different
/// decks share transactions (group commit), and nothing of what that promises may give way.
@Suite("Many busy decks through two instances on one PostgreSQL database")
struct PostgresBusyDecksTests {
    /// The cards one client was answered, by deck.
    typealias Dealt = [String: [String]]

    /// Makes `count` 8-deck shoes through `server`; returns their ids.
    static func makeShoes(_ count: Int, through server: TestServer) async throws -> [String] {
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<count { group.addTask { try await server.newDeck("shuffle/?deck_count=8") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Checks each shoe after the load, through `server`: its `remaining` leaves room for every
    /// answered card (`remaining + answered <= 416`, at most `unanswered` cards more dealt
    /// without an answer), and the rest drawn with the answered cards hold no copy more than
    /// 8 times. Returns how many cards were dealt without an answer.
    @discardableResult
    static func checkShoes(_ ids: [String], dealt: Dealt, through server: TestServer) async throws -> Int {
        var unanswered = 0
        for id in ids {
            let answered = dealt[id] ?? []
            let remaining = try #require(try await server.get("/api/deck/\(id)/").remaining)
            #expect(remaining + answered.count <= 416, "shoe \(id): \(answered.count) cards answered but \(remaining) remain")
            unanswered += 416 - remaining - answered.count
            let rest = remaining == 0 ? [] : try await server.get("/api/deck/\(id)/draw/?count=\(remaining)").codes
            #expect(rest.count == remaining)
            let counts = Dictionary(grouping: answered + rest, by: { $0 }).mapValues(\.count)
            #expect(counts.values.allSatisfy { $0 <= 8 }, "shoe \(id): a card was dealt more often than the shoe holds it")
        }
        return unanswered
    }

    @Test("32 clients over 64 shoes through both instances, 8 draws each: every shoe's cards add up, no copy dealt more than 8 times")
    func manyDecksThroughBoth() async throws {
        try await withTwoInstances { first, second in
            let ids = try await Self.makeShoes(64, through: first)
            let (dealt, statuses) = try await ConcurrencyAndDurabilityTests.withClient(connections: 32) { client in
                try await withThrowingTaskGroup(of: (Dealt, [Int]).self) { group in
                    for index in 0..<32 {
                        group.addTask {
                            var dealt: Dealt = [:]
                            var statuses: [Int] = []
                            var turn = index
                            // A count, not a time: a loaded machine makes fewer requests in a time.
                            for _ in 0..<8 {
                                // Each client walks over all 64 shoes, alternating instances.
                                let id = ids[turn % ids.count]
                                let base = turn % 2 == 0 ? first.base : second.base
                                turn += 7
                                let answer = try await client.call("\(base)/api/deck/\(id)/draw/?count=2")
                                statuses.append(answer.status)
                                if answer.status == 200 { dealt[id, default: []] += answer.codes }
                            }
                            return (dealt, statuses)
                        }
                    }
                    return try await group.reduce(into: (Dealt(), [Int]())) { total, part in
                        total.0.merge(part.0) { $0 + $1 }
                        total.1 += part.1
                    }
                }
            }
            // 8-deck shoes hold 416 cards, more than 256 draws of 2 deal from any one of them.
            #expect(statuses.allSatisfy { $0 == 200 }, "statuses: \(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
            #expect(statuses.count == 32 * 8)
            for id in ids {
                let answered = dealt[id] ?? []
                for server in [first, second] {
                    let remaining = try #require(try await server.get("/api/deck/\(id)/").remaining)
                    #expect(remaining + answered.count == 416, "shoe \(id): \(answered.count) dealt, \(remaining) remain")
                }
            }
            let unanswered = try await Self.checkShoes(ids, dealt: dealt, through: second)
            #expect(unanswered == 0)
        }
    }

    @Test("one instance killed with SIGKILL in the middle of batched commits over 64 shoes: no answered draw is lost")
    func killDuringGroupCommits() async throws {
        try await withTwoInstances { doomed, survivor in
            let ids = try await Self.makeShoes(64, through: survivor)
            let answered = Tally()
            let stop = Tally()
            let dealt = try await ConcurrencyAndDurabilityTests.withClient(connections: 32) { client in
                await withTaskGroup(of: Dealt.self) { killer in
                    killer.addTask {
                        // Mid-load: once 200 draws were answered (however busy the machine is).
                        guard await answered.reached(200) else { return [:] }
                        await doomed.process.kill()
                        // The survivor's clients go on after the kill, for 100 draws more.
                        await answered.reached(answered.count + 100)
                        stop.add()
                        return [:]
                    }
                    // Clients that all stopped (the survivor failing too) let the killer go.
                    defer { killer.cancelAll() }
                    return await withTaskGroup(of: Dealt.self) { group in
                        for index in 0..<32 {
                            group.addTask {
                                // Half the clients on the instance to be killed, half on the other.
                                let base = index % 2 == 0 ? doomed.base : survivor.base
                                var dealt: Dealt = [:]
                                var turn = index
                                while stop.count == 0 {
                                    let id = ids[turn % ids.count]
                                    turn += 5
                                    guard let answer = try? await client.call("\(base)/api/deck/\(id)/draw/?count=1"),
                                          answer.status == 200
                                    else { break }
                                    dealt[id, default: []] += answer.codes
                                    answered.add()
                                }
                                return dealt
                            }
                        }
                        return await group.reduce(into: Dealt()) { $0.merge($1) { $0 + $1 } }
                    }
                }
            }
            #expect(dealt.values.map(\.count).reduce(0, +) >= 200)
            let unanswered = try await Self.checkShoes(ids, dealt: dealt, through: survivor)
            // Draws in flight at the kill may have committed without an answer: at most one per
            // client of the killed instance.
            #expect(unanswered <= 16)
            #expect(try await survivor.get("/healthz").status == 200)
        }
    }

    @Test("the database stopped in the middle of batched commits: every waiting request gets a 503, none a 200 for a change that was not committed")
    func databaseStopsDuringGroupCommits() async throws {
        let cluster = try await PostgresCluster.start()
        try await withCleanup {
            try await withTwoInstances(cluster: cluster) { first, second in
                let ids = try await Self.makeShoes(64, through: first)
                let answered = Tally()
                let (dealt, refusals) = try await ConcurrencyAndDurabilityTests.withClient(connections: 32) { client in
                    try await withThrowingTaskGroup(of: Void.self) { stopper in
                        stopper.addTask {
                            // Mid-load: once 200 draws were answered (however busy the machine is).
                            if await answered.reached(200) { try await cluster.stopServer() }
                        }
                        // Clients that all stopped before 200 draws let the stopper go (one that
                        // is stopping the database is left to finish).
                        defer { if answered.count < 200 { stopper.cancelAll() } }
                        return try await withThrowingTaskGroup(of: (Dealt, [Answer]).self) { group in
                            for index in 0..<32 {
                                group.addTask {
                                    let base = index % 2 == 0 ? first.base : second.base
                                    var dealt: Dealt = [:]
                                    var turn = index
                                    // Until the first answer that is not a 200: each client's last request
                                    // was waiting when the database stopped, or came after.
                                    while true {
                                        let id = ids[turn % ids.count]
                                        turn += 3
                                        let answer = try await client.call("\(base)/api/deck/\(id)/draw/?count=1")
                                        guard answer.status == 200 else { return (dealt, [answer]) }
                                        dealt[id, default: []] += answer.codes
                                        answered.add()
                                    }
                                }
                            }
                            return try await group.reduce(into: (Dealt(), [Answer]())) { total, part in
                                total.0.merge(part.0) { $0 + $1 }
                                total.1 += part.1
                            }
                        }
                    }
                }
                #expect(refusals.count == 32, "every client got an answer")
                for answer in refusals {
                    #expect(answer.status == 503, "\(answer.status) \(answer.text)")
                    #expect(answer.error.contains("the database is unavailable"), "\(answer.text)")
                }

                try await cluster.startServer()
                try await waitForRecovery("the surviving instance healthy after the database came back", budget: .seconds(15)) {
                    try await second.get("/healthz").status == 200
                }
                // Every answered draw is in the database; a draw in flight at the stop may have
                // committed without an answer: at most one per client.
                let unanswered = try await Self.checkShoes(ids, dealt: dealt, through: second)
                #expect(unanswered <= 32)
            }
        } cleanup: {
            await cluster.remove()
        }
    }
}
