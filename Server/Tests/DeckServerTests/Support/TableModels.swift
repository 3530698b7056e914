@testable import DeckServerHTTP
import DeckTestSupport
import Foundation

extension TableJSON {
    /// The pile `name`, nil when the table has none of that name.
    func pile(_ name: String) -> Pile? { piles.first { $0.name == name }?.pile }
    /// The codes of the viewer's hand.
    var handCodes: [String] { hand?.map(\.code) ?? [] }
    /// Every card this view shows face up, the viewer's hand included.
    var visibleCodes: [String] {
        handCodes + piles.flatMap { $0.pile.cards.map(\.code) } + (cards?.map(\.code) ?? [])
    }
}

extension Answer {
    /// The body as a table view.
    var table: TableJSON { get throws { try decode(TableJSON.self) } }
    /// The body as a seat's ticket.
    var ticket: SeatTicketJSON { get throws { try decode(SeatTicketJSON.self) } }
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
    func view() async throws -> TableJSON {
        try await read(TableJSON.self)
    }

    /// GETs `path` of this seat's table (its view, when empty) as this seat and reads a 200's
    /// body as `model`; anything else throws with the answer.
    func read<Model: Decodable>(_ model: Model.Type, at path: String = "") async throws -> Model {
        let answer = try await server.get("/api/table/\(table)/\(path)", headers: bearer)
        guard answer.status == 200 else { throw ServerProcessError(message: "GET /api/table/\(table)/\(path) failed: \(answer.status) \(answer.text)") }
        return try answer.decode(Model.self)
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
