import AsyncHTTPClient
import DeckTestSupport
import Foundation
import Testing

@Suite("Two server instances on one PostgreSQL database")
struct PostgresInstanceTests {
    @Test("a deck made through one instance is seen and changed through the other")
    func sharedDecks() async throws {
        try await withTwoInstances { first, second in
            let id = try await first.newDeck("shuffle/?deck_count=2")
            let drawn = try await second.get("/api/deck/\(id)/draw/?count=3")
            #expect(drawn.status == 200)
            #expect(drawn.remaining == 101)
            _ = try await first.get("/api/deck/\(id)/pile/hand/add/?cards=\(drawn.codes.joined(separator: ","))")
            let list = try await second.get("/api/deck/\(id)/pile/hand/list/")
            #expect(list.pileCodes("hand") == drawn.codes)
            #expect(try await first.get("/api/deck/\(id)/").remaining == 101)
            #expect(try await second.get("/api/deck/nosuchdeckxxxxxxxxxxxxxxxxx/").status == 404)
        }
    }

    @Test("16 clients drawing through both instances from one 8-deck shoe: each copy at most 8 times, dealt + remaining = shoe")
    func concurrentDrawsThroughBoth() async throws {
        try await withTwoInstances { first, second in
            let id = try await first.newDeck("shuffle/?deck_count=8")
            let answers = try await ConcurrencyAndDurabilityTests.withClient(connections: 16) { client in
                try await withThrowingTaskGroup(of: [Answer].self) { group in
                    for index in 0..<16 {
                        group.addTask {
                            var answers: [Answer] = []
                            for draw in 0..<20 {
                                // Alternate instances, so every deck change races one on the other.
                                let base = (index + draw) % 2 == 0 ? first.base : second.base
                                answers.append(try await client.call("\(base)/api/deck/\(id)/draw/?count=1"))
                            }
                            return answers
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
            }
            #expect(answers.allSatisfy { $0.status == 200 }, "statuses: \(Set(answers.map(\.status)))")
            let dealt = answers.flatMap(\.codes)
            #expect(dealt.count == 320)
            #expect(Dictionary(grouping: dealt, by: { $0 }).values.allSatisfy { $0.count <= 8 })
            for server in [first, second] {
                let remaining = try #require(try await server.get("/api/deck/\(id)/").remaining)
                #expect(dealt.count + remaining == 416)
            }
            let rest = try await second.get("/api/deck/\(id)/draw/?count=96").codes
            let counts = Dictionary(grouping: dealt + rest, by: { $0 }).mapValues(\.count)
            #expect(counts.count == 52 && counts.values.allSatisfy { $0 == 8 }, "the whole shoe, each copy once")
        }
    }

    @Test("one instance killed with SIGKILL mid-load: every acknowledged draw is in place as seen through the other")
    func killOneInstance() async throws {
        try await withTwoInstances { doomed, survivor in
            let id = try await doomed.newDeck("shuffle/?deck_count=8")
            let url = "\(doomed.base)/api/deck/\(id)/draw/?count=1"
            let acknowledged = try await ConcurrencyAndDurabilityTests.drawUntilKilled(url) { await doomed.process.kill() }
            #expect(acknowledged.count >= 64)
            #expect(acknowledged.count < 416)

            try await ConcurrencyAndDurabilityTests.expectAcknowledgedDrawsKept(acknowledged, deck: id, on: survivor)
            #expect(try await survivor.get("/healthz").status == 200)
        }
    }

    @Test("the database stopped: 503 JSON on /healthz and the API; started again: both instances recover without a restart")
    func databaseOutage() async throws {
        let cluster = try await PostgresCluster.start()
        try await withCleanup {
            try await withTwoInstances(cluster: cluster) { first, second in
                let id = try await first.newDeck("shuffle/")
                let drawn = try await second.get("/api/deck/\(id)/draw/?count=2")
                #expect(drawn.remaining == 50)

                try await cluster.stopServer()
                for server in [first, second] {
                    let health = try await server.get("/healthz")
                    #expect(health.status == 503)
                    #expect(health.headers["Content-Type"].first?.hasPrefix("application/json") == true)
                    #expect(health.error.contains("the database is unavailable"), "\(health.text)")
                    for path in ["/api/deck/\(id)/draw/?count=1", "/api/deck/new/", "/api/deck/\(id)/"] {
                        let answer = try await server.get(path)
                        #expect(answer.status == 503, "\(path): \(answer.status) \(answer.text)")
                        #expect(try answer.decode(ErrorAnswer.self).success == false)
                        #expect(answer.error.contains("the database is unavailable"), "\(answer.text)")
                        // What the database or the socket said goes to the log, not to clients.
                        for secret in ["SQLSTATE", "errno", "descriptor", "Connection", "PSQLError"] {
                            #expect(!answer.error.contains(secret), "\(answer.text)")
                        }
                    }
                }

                try await cluster.startServer()
                try await waitForRecovery("both instances healthy after the database came back", budget: .seconds(10)) {
                    for server in [first, second] where try await server.get("/healthz").status != 200 { return false }
                    return true
                }
                // Nothing was lost and the refused draw changed nothing.
                let after = try await first.get("/api/deck/\(id)/draw/?count=1")
                #expect(after.status == 200)
                #expect(after.remaining == 49)
                #expect(try await second.get("/api/deck/\(id)/").remaining == 49)
            }
        } cleanup: {
            await cluster.remove()
        }
    }

    @Test("/healthz checks a write: a database that reads but refuses writes (a full disk) is a 503 there, while reads go on")
    func healthChecksAWrite() async throws {
        let cluster = try await PostgresCluster.shared
        let database = try await cluster.createDatabase()
        let process = try await ServerProcess(database: database)
        try await withCleanup {
            let server = TestServer(process: process)
            let id = try await server.newDeck()
            #expect(try await server.get("/healthz").status == 200)
            // Writes of the health check fail as on a full disk (SQLSTATE 53100); reads still work.
            try await cluster.execute("""
                CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$
                """, in: database)
            try await cluster.execute("CREATE TRIGGER full_disk BEFORE INSERT OR UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_write()", in: database)
            let health = try await server.get("/healthz")
            #expect(health.status == 503, "\(health.text)")
            #expect(!health.text.contains("No space left"), "\(health.text)")
            #expect(try await server.get("/api/deck/\(id)/").remaining == 52)
        } cleanup: {
            await process.stop()
        }
    }

    @Test("the idle-deck job runs once across instances, not once per instance")
    func expiryRunsOnce() async throws {
        let cluster = try await PostgresCluster.shared
        let database = try await cluster.createDatabase()
        let maker = try await ServerProcess(database: database)
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try await TestServer(process: maker).newDeck()) }
        #expect(await maker.stop() == 0)
        // The maker ran the job as it started; forget that run, as if it were long ago, and
        // make the decks two days idle instead of waiting for them to age.
        try await cluster.execute("DELETE FROM jobs", in: database)
        try await cluster.execute("UPDATE records SET changed_at = changed_at - interval '2 days'", in: database)

        // Each instance runs the job as it starts and then once an hour.
        let arguments = ["--idle-days", "1", "--expiry-interval", "3600", "--log-level", "info"]
        async let startFirst = ServerProcess(database: database, arguments: arguments)
        async let startSecond = ServerProcess(database: database, arguments: arguments)
        let (first, second) = try await (startFirst, startSecond)
        try await waitUntil("the idle decks' deletion") { try await TestServer(process: second).get("/api/deck/\(ids[2])/").status == 404 }
        for id in ids {
            #expect(try await TestServer(process: first).get("/api/deck/\(id)/").status == 404)
        }
        await first.stop()
        await second.stop()
        let runs = await (first.errorOutput() + second.errorOutput()).split(separator: "\n").filter { $0.contains("the idle-record job ran") }
        #expect(runs.count == 1, "\(runs)")
        #expect(runs.first?.contains("deleted=3") == true, "\(runs)")
    }
}
