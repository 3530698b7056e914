import DeckService
import Foundation
import PlayingCards

/// The data of the free-form table's events, kept small (stacks are ``StackJSON``, hands card
/// codes):
///
/// - `view`: ``TabletopViewJSON``, the whole table;
/// - `change`: `{"version", "from", "stacks", "removed"}` and, when they changed, `"seats"`,
///   `"hand"`, `"seeded"`, and `"felt"` with `"creator_seat"` (and the creator's `"watch"`; a
///   settings change without it tells the creator that watching is off): applied to the view at `from` it gives the view at `version`;
/// - `hold`: `{"stack", "seat", "until"}` (milliseconds since 1970; no `until` when let go);
/// - `drag`: `{"stack", "seat", "x", "y"}`;
/// - `peek`: `{"stack", "seat"}`.
enum TabletopEventJSON {
    struct Change: JSONAnswer, Sendable {
        var version: Int
        var from: Int
        var stacks: [StackJSON]
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
            stacks = delta.stacks.map(StackJSON.init)
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
