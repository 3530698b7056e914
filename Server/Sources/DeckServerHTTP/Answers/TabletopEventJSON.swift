import DeckService
import Foundation
import PlayingCards

/// The data of the free-form table's events, kept small: a card is its code (`"AS"`) when
/// face up and `null` when face down, and a stack gives its handles once, as the prefix they
/// share (the card at index `i` from the bottom has the handle `handles` + `i` in base 36).
///
/// - `view`: `{"table_id", "version", "stacks", "seats", "your_seat", "hand", "seeded", "felt",
///   "creator_seat"}` (and the creator's `"watch"`), the whole table; a watcher's has no
///   `table_id`;
/// - `change`: `{"version", "from", "stacks", "removed"}` and, when they changed, `"seats"`,
///   `"hand"`, `"seeded"`, and `"felt"` with `"creator_seat"` (and the creator's `"watch"`; a
///   settings change without it tells the creator that watching is off): applied to the view at `from` it gives the view at `version`;
/// - `hold`: `{"stack", "seat", "until"}` (milliseconds since 1970; no `until` when let go);
/// - `drag`: `{"stack", "seat", "x", "y"}`;
/// - `peek`: `{"stack", "seat"}`.
enum TabletopEventJSON {
    struct Stack: Encodable, Sendable {
        var id: String
        var x: Double
        var y: Double
        var z: Int
        var layout: String
        var step: Double?
        var rotation: Int
        var label: String?
        var version: Int
        var heldBy: Int?
        var handles: String
        var cards: [String?]

        enum CodingKeys: String, CodingKey {
            case id, x, y, z, layout, step, rotation, label, version, handles, cards
            case heldBy = "held_by"
        }

        init(_ stack: TabletopView.Stack) {
            (id, x, y, z, layout, step, rotation, label, version, heldBy, handles) = (
                stack.id, stack.x, stack.y, stack.z, stack.layout, stack.step, stack.rotation, stack.label, stack.version,
                stack.heldBy, stack.handles)
            cards = stack.cards.map { $0.face?.apiCode }
        }
    }

    struct View: JSONAnswer, Sendable {
        var tableID: String?
        var version: Int
        var stacks: [Stack]
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
            stacks = view.stacks.map(Stack.init)
            seats = view.seats.map(TableJSON.Seat.init)
            yourSeat = view.viewerSeat
            hand = view.hand?.map(\.apiCode)
            seeded = view.seeded
        }
    }

    struct Change: JSONAnswer, Sendable {
        var version: Int
        var from: Int
        var stacks: [Stack]
        var removed: [String]
        var seats: [TableJSON.Seat]?
        var hand: [String]?
        var seeded: Bool?
        var felt: FeltJSON?
        var creatorSeat: Int?
        var watch: WatchJSON?

        enum CodingKeys: String, CodingKey {
            case version, from, stacks, removed, seats, hand, seeded, felt
            case creatorSeat = "creator_seat"
            case watch
        }

        init(_ delta: TabletopDelta, table id: String, audience: TableAudience) {
            if let settings = delta.settings {
                felt = FeltJSON(settings.felt, table: id, audience: audience)
                creatorSeat = settings.creatorSeat
                watch = settings.watchKey.map(WatchJSON.init)
            }
            version = delta.version
            from = delta.from
            stacks = delta.stacks.map(Stack.init)
            removed = delta.removed
            seats = delta.seats?.map(TableJSON.Seat.init)
            hand = delta.hand?.map(\.apiCode)
            seeded = delta.seeded
        }
    }

    struct Hold: JSONAnswer, Sendable {
        var stack: String
        var seat: Int
        var until: Int64?
    }

    struct Drag: JSONAnswer, Sendable {
        var stack: String
        var seat: Int
        var x: Double
        var y: Double
        /// The handle of the card carried off the stack, when one card is; absent for the
        /// whole stack.
        var card: String?
    }

    struct Peek: JSONAnswer, Sendable {
        var stack: String
        var seat: Int
    }

    /// A signal's event name and data.
    static func signal(_ signal: TableSignal) throws -> (name: String, data: [UInt8]) {
        switch signal {
        case .held(let stack, let seat, let until):
            ("hold", try Hold(stack: stack, seat: seat, until: until.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }).jsonBytes())
        case .dragged(let stack, let seat, let x, let y, let card):
            ("drag", try Drag(stack: stack, seat: seat, x: x, y: y, card: card).jsonBytes())
        case .peeked(let stack, let seat):
            ("peek", try Peek(stack: stack, seat: seat).jsonBytes())
        }
    }
}

/// The answer to a drag: taken (it goes out, or waits its turn behind the seat's last one).
struct DragAcceptedJSON: JSONAnswer, Sendable {
    var success = true
}

extension TableJSON.Seat {
    /// A free-form table's seat as its events write it: a shown hand as card codes.
    init(_ seat: TabletopView.Seat) {
        self.init(number: seat.number, name: seat.name, handCount: seat.handCount, shownHand: seat.shownHand.map { .codes($0.map(\.apiCode)) })
    }
}
