/// The heaviest table view the table API can make: 8 decks with jokers (432 cards), 8 seats
/// taken under 32-character names, and every card face up on 64 piles (the most a table may
/// have) with 32-character names. With one-character pile names and one pile it is about
/// 88 KB; this way about 92 KB.
struct HeavyTable: Sendable {
    var id: String
    /// Seat 1's token: the changes are its.
    var token: String
    var piles: [String]
    /// The bytes of `GET /api/table/<id>/` without a token (an event's data is that view
    /// without `"success":true,`).
    var viewBytes: Int

    static let decks = 8
    static let pileCount = 64

    /// A name of exactly 32 characters.
    static func name(_ prefix: String) -> String {
        prefix + String(repeating: "x", count: max(0, 32 - prefix.count))
    }

    /// Makes the table through `client`.
    static func make(_ client: RequestClient) async throws -> HeavyTable {
        let seats = 8
        let created = try await client.ok(
            "POST", "/api/table/new/?name=\(name("P1-"))&seats=\(seats)&deck_count=\(decks)&jokers_enabled=true")
        guard let id = JSONScan.reading(created.body, { $0.string("table_id") }),
              let token = JSONScan.reading(created.body, { $0.string("token") }),
              let cards = JSONScan.reading(created.body, { $0.integer("remaining") }) else {
            throw ConnectionError(description: "a new table's answer without table_id, token or remaining: \(created.text)")
        }
        for seat in 2...seats {
            _ = try await TableSetup.join(client, table: id, name: name("P\(seat)-"))
        }
        let drawn = try await client.ok("POST", "/api/table/\(id)/draw/?count=\(cards)", token: token)
        let hand = JSONScan.reading(drawn.body) { scan in
            scan.offset(after: "hand").map { scan.strings("code", from: $0, limit: cards) } ?? []
        }
        guard hand.count == cards else {
            throw ConnectionError(description: "drew \(cards) cards but the hand lists \(hand.count)")
        }
        let piles = (0..<pileCount).map { name("pile-\($0)-") }
        for (index, pile) in piles.enumerated() {
            let codes = stride(from: index, to: hand.count, by: pileCount).map { hand[$0] }
            _ = try await client.ok("POST", "/api/table/\(id)/play/?pile=\(pile)&cards=\(codes.joined(separator: ","))", token: token)
        }
        let view = try await client.ok("GET", "/api/table/\(id)/")
        return HeavyTable(id: id, token: token, piles: piles, viewBytes: view.body.readableBytes)
    }
}

/// The heavy table's changes: seat 1 takes the top card of a pile into its hand, then plays it
/// back onto the same pile, pile after pile, so that the view stays as large as it is. The
/// changes must be sent one at a time (one connection): each play needs the card the take
/// before it got.
final class HeavyChanges: ChangePlan {
    private let table: HeavyTable
    private var pile = 0
    private var holding: String?

    init(table: HeavyTable) {
        self.table = table
    }

    func change(_ index: Int) -> (table: Int, path: String, token: String) {
        let name = table.piles[pile]
        if let card = holding {
            return (0, "/api/table/\(table.id)/play/?pile=\(name)&cards=\(card)", table.token)
        }
        return (0, "/api/table/\(table.id)/take/?pile=\(name)&count=1", table.token)
    }

    func answered(table: Int, answer: Answer) -> Int? {
        JSONScan.reading(answer.body) { scan in
            if holding == nil {
                holding = scan.offset(after: "hand").flatMap { scan.strings("code", from: $0, limit: 1).first }
            } else {
                holding = nil
                pile = (pile + 1) % self.table.piles.count
            }
            return scan.integer("version")
        }
    }
}
