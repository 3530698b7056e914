/// The tables' load, as the Python benchmark made it: a random table and a random player of
/// it; the player draws a card, or shuffles the table when its deck holds fewer than 8.
final class TableChanges: ChangePlan {
    private let tables: [TableSeats]
    private var remaining: [Int]
    private var random: SplitMix64

    init(tables: [TableSeats], cardsPerTable: Int, seed: UInt64) {
        self.tables = tables
        remaining = Array(repeating: cardsPerTable, count: tables.count)
        random = SplitMix64(seed: seed)
    }

    func change(_ index: Int) -> (table: Int, path: String, token: String) {
        let table = Int.random(in: 0..<tables.count, using: &random)
        let token = tables[table].tokens.randomElement(using: &random)!
        let action = remaining[table] < 8 ? "shuffle" : "draw"
        return (table, "/api/table/\(tables[table].id)/\(action)/", token)
    }

    func answered(table: Int, answer: Answer) -> Int? {
        JSONScan.reading(answer.body) { scan in
            if let left = scan.integer("remaining") { remaining[table] = left }
            return scan.integer("version")
        }
    }
}
