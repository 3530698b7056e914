import Foundation

/// A table as a viewer sees it: `{"table_id", "version", "remaining", "seats", "piles",
/// "your_seat"?, "hand"?, "cards"?}`.
struct TableAnswer: Decodable, Sendable, Equatable {
    struct Seat: Decodable, Sendable, Equatable {
        var number: Int
        var name: String?
        var handCount: Int

        enum CodingKeys: String, CodingKey {
            case number, name
            case handCount = "hand_count"
        }
    }

    struct Pile: Decodable, Sendable, Equatable {
        var remaining: Int
        var cards: [CardAnswer]
    }

    var success: Bool?
    var tableID: String
    var version: Int
    var remaining: Int
    var seats: [Seat]
    var piles: [String: Pile]
    var yourSeat: Int?
    var hand: [CardAnswer]?
    var cards: [CardAnswer]?

    enum CodingKeys: String, CodingKey {
        case success
        case tableID = "table_id"
        case version, remaining, seats, piles
        case yourSeat = "your_seat"
        case hand, cards
    }

    /// The codes of the viewer's hand.
    var handCodes: [String] { hand?.map(\.code) ?? [] }
    /// Every card this view shows face up, the viewer's hand included.
    var visibleCodes: [String] {
        handCodes + piles.values.flatMap { $0.cards.map(\.code) } + (cards?.map(\.code) ?? [])
    }
}

/// A seat's ticket: `{"success", "table_id", "seat": {"number", "name", "token"}, "table"}`.
struct SeatTicketAnswer: Decodable, Sendable {
    struct Seat: Decodable, Sendable {
        var number: Int
        var name: String
        var token: String
    }

    var success: Bool
    var tableID: String
    var seat: Seat
    var table: TableAnswer

    enum CodingKeys: String, CodingKey {
        case success
        case tableID = "table_id"
        case seat, table
    }
}

extension Answer {
    /// The body as a table view.
    var table: TableAnswer { get throws { try decode(TableAnswer.self) } }
    /// The body as a seat's ticket.
    var ticket: SeatTicketAnswer { get throws { try decode(SeatTicketAnswer.self) } }
}

/// A seat at a table under test: its number and token, and calls made with the token.
struct TestSeat: Sendable {
    let server: TestServer
    let table: String
    let number: Int
    let token: String

    var bearer: [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// POSTs the action `name` (such as `draw`) with `form`, as this seat.
    func act(_ name: String, _ form: String = "") async throws -> Answer {
        try await server.post("/api/table/\(table)/\(name)/", form, headers: bearer)
    }

    /// The table as this seat sees it.
    func view() async throws -> TableAnswer {
        let answer = try await server.get("/api/table/\(table)/", headers: bearer)
        guard answer.status == 200 else { throw ServerProcessError(message: "view failed: \(answer.status) \(answer.text)") }
        return try answer.table
    }
}

extension TestServer {
    /// Makes a table for `name` with `form`'s other parameters; returns its creator's seat.
    func newTable(_ name: String = "Ann", _ form: String = "") async throws -> TestSeat {
        let answer = try await post("/api/table/new/", "name=\(name)" + (form.isEmpty ? "" : "&" + form))
        guard answer.status == 200 else { throw ServerProcessError(message: "new table failed: \(answer.status) \(answer.text)") }
        let ticket = try answer.ticket
        return TestSeat(server: self, table: ticket.tableID, number: ticket.seat.number, token: ticket.seat.token)
    }

    /// Seats `name` at `table`.
    func join(_ table: String, _ name: String) async throws -> TestSeat {
        let answer = try await post("/api/table/\(table)/join/", "name=\(name)")
        guard answer.status == 200 else { throw ServerProcessError(message: "join failed: \(answer.status) \(answer.text)") }
        let ticket = try answer.ticket
        return TestSeat(server: self, table: table, number: ticket.seat.number, token: ticket.seat.token)
    }
}
