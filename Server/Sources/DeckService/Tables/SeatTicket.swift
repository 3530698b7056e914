/// What a new table or a joining player gets: the seat, its token, and the table.
public struct SeatTicket: Sendable, Hashable {
    /// The seat's number, from 1.
    public var seat: Int
    /// The player's name.
    public var name: String
    /// The seat's token, shown only in this answer: every action of the seat must bring it.
    public var token: String
    /// The table as this player sees it.
    public var table: TableView
}
