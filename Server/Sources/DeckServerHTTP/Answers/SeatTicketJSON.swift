import DeckService

/// A new table's or a joining player's answer: `{"success", "table_id", "seat": {"number",
/// "name", "token"}, "table": {…}}`. The token is shown here only.
struct SeatTicketJSON: JSONAnswer, Decodable, Sendable {
    struct Seat: Codable, Sendable {
        var number: Int
        var name: String
        var token: String
    }

    var success = true
    var tableID: String
    var seat: Seat
    var table: TableJSON

    enum CodingKeys: String, CodingKey {
        case success
        case tableID = "table_id"
        case seat, table
    }

    /// The answer holds the seat's token and hand: no cache keeps it.
    var isPrivate: Bool { true }

    init(_ ticket: SeatTicket, base: String) {
        tableID = ticket.table.id
        seat = Seat(number: ticket.seat, name: ticket.name, token: ticket.token)
        table = TableJSON(ticket.table, base: base, answer: false)
    }
}
