import DeckClientAPI

/// A seat at a table: the table's id, the seat's number and name, and the token that proves the
/// seat is yours. Every felt action goes through a seat.
///
/// The token is the seat: keep it (the page keeps it in the browser's local storage) to act as
/// the same seat after a restart, with ``DeckClient/seat(at:number:name:token:)``.
public struct TableSeat: Sendable {
    /// The table's id.
    public let tableID: String
    /// The seat's number, from 1.
    public let number: Int
    /// The name the seat joined with.
    public let name: String
    /// The seat's token, sent as `Authorization: Bearer`.
    public let token: String
    let client: DeckClient
    let api: Client

    init(tableID: String, number: Int, name: String, token: String, client: DeckClient) {
        self.tableID = tableID
        self.number = number
        self.name = name
        self.token = token
        self.client = client
        self.api = client.api(token: token)
    }

    var path: Operations.GetApiTableTableIdFelt.Input.Path { .init(tableId: tableID) }

    /// The table as this seat sees it: every stack, the seats' hand counts, and this seat's hand.
    public func table() async throws -> Tabletop {
        try await refusals {
            try await api.getApiTableTableIdFelt(path: path).ok.body.json
        }
    }

    /// Leaves the table: the hand goes back into the deck, the seat is free and the token void.
    public func leave() async throws {
        try await refusals {
            _ = try await api.postApiTableTableIdLeave(path: .init(tableId: tableID)).ok
        }
    }

    /// The table's layout as an export writes it: stacks, places and faces, no card's identity.
    public func exportLayout() async throws -> TableLayout {
        try await refusals {
            try await api.getApiTableTableIdExport(path: .init(tableId: tableID)).ok.body.json
        }
    }

    /// The table's events, as this seat sees them, applied to a local copy of the table.
    public func events() -> TableEvents {
        TableEvents(client: client, source: .seat(tableID: tableID, token: token))
    }
}

extension DeckClient {
    /// Makes a table and takes its first seat.
    ///
    /// - Parameters:
    ///   - name: the first seat's name, 1 to 32 characters.
    ///   - seats: how many seats, 2 to 8.
    ///   - decks: the decks in its deck, 1 to 8.
    ///   - jokers: whether each deck has its jokers.
    ///   - seed: 64 hexadecimal digits for a reproducible deal (the table says it is seeded).
    ///   - layout: a layout to lay out, as ``TableSeat/exportLayout()`` gives, or a shipped one's
    ///     JSON text.
    public func newTable(name: String, seats: Int = 4, decks: Int = 1, jokers: Bool = false,
                         seed: String? = nil, layout: String? = nil) async throws -> TableSeat {
        try await refusals {
            let form = Operations.PostApiTableNew.Input.Body.UrlEncodedFormPayload(
                name: name, seats: seats, deckCount: decks, jokersEnabled: jokers ? true : nil, seed: seed, layout: layout)
            return try seat(from: try await api.postApiTableNew(body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// Takes the next free seat of the table `tableID`.
    public func joinTable(_ tableID: String, name: String) async throws -> TableSeat {
        try await refusals {
            let form = Operations.PostApiTableTableIdJoin.Input.Body.UrlEncodedFormPayload(name: name)
            return try seat(from: try await api.postApiTableTableIdJoin(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json)
        }
    }

    /// A seat already taken, from its token (kept from ``newTable(name:seats:decks:jokers:seed:layout:)``
    /// or ``joinTable(_:name:)``).
    public func seat(at tableID: String, number: Int, name: String, token: String) -> TableSeat {
        TableSeat(tableID: tableID, number: number, name: name, token: token, client: self)
    }

    /// The table as anyone sees it, without a seat: stacks and hand counts, no hand.
    public func table(_ tableID: String) async throws -> Tabletop {
        try await refusals {
            try await api.getApiTableTableIdFelt(path: .init(tableId: tableID)).ok.body.json
        }
    }

    /// The table behind a watch link, read only.
    public func watchedTable(key: String) async throws -> Tabletop {
        try await refusals {
            try await api.getApiWatchWatchKey(path: .init(watchKey: key)).ok.body.json
        }
    }

    /// The events of the table behind a watch link: what anyone sees, live.
    public func watch(key: String) -> TableEvents {
        TableEvents(client: self, source: .watch(key: key))
    }

    func seat(from ticket: Components.Schemas.SeatTicket) throws -> TableSeat {
        guard let number = ticket.seat.number, let token = ticket.seat.token else {
            throw DeckClientError(status: 0, message: "the server's answer names no seat and token")
        }
        return TableSeat(tableID: ticket.tableId, number: number, name: ticket.seat.name ?? "", token: token, client: self)
    }
}
