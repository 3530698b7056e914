import DeckService

/// The free-form table as one viewer sees it, as a `GET`, an action's answer and the event
/// stream's `view` all write it: `{"table_id", "version", "stacks", "seats", "your_seat", "hand",
/// "seeded", "felt", "creator_seat"}` and the creator's `"watch"`. Stacks are ``StackJSON``; a
/// hand, and a seat's shown hand, are card codes. A watcher's view has no `table_id`.
struct TabletopViewJSON: JSONAnswer, Decodable, Sendable {
    var tableID: String?
    var version: Int
    var stacks: [StackJSON]
    var seats: [TableJSON.Seat]
    var yourSeat: Int?
    var hand: [String]?
    var seeded: Bool
    var felt: FeltJSON
    var creatorSeat: Int?
    var watch: WatchJSON?

    enum CodingKeys: String, CodingKey {
        case tableID = "table_id"
        case version, stacks, seats
        case yourSeat = "your_seat"
        case hand, seeded, felt
        case creatorSeat = "creator_seat"
        case watch
    }

    init(_ view: TabletopView, audience: TableAudience) {
        tableID = audience.tableID(view.id)
        felt = FeltJSON(view.felt, table: view.id, audience: audience)
        creatorSeat = view.creatorSeat
        watch = view.watchKey.map(WatchJSON.init)
        version = view.version
        stacks = view.stacks.map(StackJSON.init)
        seats = view.seats.map(TableJSON.Seat.init)
        yourSeat = view.viewerSeat
        hand = view.hand?.map(\.apiCode)
        seeded = view.seeded
    }

    /// A view may hold the viewer's hand: no cache keeps it.
    var isPrivate: Bool { true }
}
