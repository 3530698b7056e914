import NIOCore

/// A table of the run: its id and its seats' tokens.
struct TableSeats: Sendable {
    var id: String
    var tokens: [String]
}

/// Makes the run's tables: each with its first seat (`new/`) and the other players (`join/`),
/// through a few keep-alive connections at once.
enum TableSetup {
    static func makeTables(
        _ count: Int, players: Int, deckCount: Int, servers: [ServerURL], loop: EventLoop, connections: Int
    ) async throws -> [TableSeats] {
        var tables = [TableSeats?](repeating: nil, count: count)
        try await withThrowingTaskGroup(of: [(Int, TableSeats)].self) { group in
            for lane in 0..<min(connections, count) {
                group.addTask {
                    let client = try await RequestClient(loop: loop, server: servers[lane % servers.count])
                    var made: [(Int, TableSeats)] = []
                    for index in stride(from: lane, to: count, by: connections) {
                        made.append((index, try await makeTable(client, players: players, deckCount: deckCount)))
                    }
                    try await client.close()
                    return made
                }
            }
            for try await made in group {
                for (index, table) in made { tables[index] = table }
            }
        }
        return tables.map { $0! }
    }

    /// One table with `players` seats taken, named P1, P2, ….
    static func makeTable(_ client: RequestClient, players: Int, deckCount: Int, seats: Int = 4, jokers: Bool = false) async throws -> TableSeats {
        let answer = try await client.ok("POST", "/api/table/new/?name=P1&seats=\(max(seats, players))&deck_count=\(deckCount)\(jokers ? "&jokers_enabled=true" : "")")
        guard let id = JSONScan.reading(answer.body, { $0.string("table_id") }),
              let token = JSONScan.reading(answer.body, { $0.string("token") }) else {
            throw ConnectionError(description: "a new table's answer without table_id or token: \(answer.text)")
        }
        var table = TableSeats(id: id, tokens: [token])
        for player in stride(from: 2, through: players, by: 1) {
            table.tokens.append(try await join(client, table: id, name: "P\(player)"))
        }
        return table
    }

    /// Takes the next free seat of `table` as `name`; its token.
    static func join(_ client: RequestClient, table: String, name: String) async throws -> String {
        let joined = try await client.ok("POST", "/api/table/\(table)/join/?name=\(name)")
        guard let token = JSONScan.reading(joined.body, { $0.string("token") }) else {
            throw ConnectionError(description: "a join's answer without token: \(joined.text)")
        }
        return token
    }
}
