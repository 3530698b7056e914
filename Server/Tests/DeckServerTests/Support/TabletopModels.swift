import Foundation

/// The free-form table as a viewer sees it (`/api/table/{id}/felt/`).
struct TabletopAnswer: Decodable, Sendable {
    struct Card: Decodable, Sendable {
        var handle: String
        var faceUp: Bool
        var code: String?

        enum CodingKeys: String, CodingKey {
            case handle, code
            case faceUp = "face_up"
        }
    }

    struct Stack: Decodable, Sendable {
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
        var cards: [Card]

        enum CodingKeys: String, CodingKey {
            case id, x, y, z, layout, step, rotation, label, version, cards
            case heldBy = "held_by"
        }
    }

    struct Changed: Decodable, Sendable {
        var stacks: [String]
        var hands: [Int]
    }

    var success: Bool?
    var tableID: String
    var version: Int
    var stacks: [Stack]
    var seats: [TableAnswer.Seat]
    var yourSeat: Int?
    var hand: [CardAnswer]?
    var seeded: Bool
    var moved: [CardAnswer]?
    var changed: Changed?
    var peeked: [Card]?

    enum CodingKeys: String, CodingKey {
        case success
        case tableID = "table_id"
        case version, stacks, seats
        case yourSeat = "your_seat"
        case hand, seeded, moved, changed, peeked
    }

    /// The stack `id`.
    func stack(_ id: String) -> Stack? { stacks.first { $0.id == id } }
}

/// A 409 of the free-form table: the error and the table as it is now.
struct TabletopConflictAnswer: Decodable, Sendable {
    var success: Bool
    var error: String
    var table: TabletopAnswer?
}

extension Answer {
    /// The body as a free-form table view.
    var tabletop: TabletopAnswer { get throws { try decode(TabletopAnswer.self) } }
}

extension TestSeat {
    /// POSTs the free-form action `name` (such as `move`) with `form`, as this seat.
    func felt(_ name: String, _ form: String = "") async throws -> Answer {
        try await server.post("/api/table/\(table)/felt/\(name)/", form, headers: bearer)
    }

    /// The free-form table as this seat sees it.
    func tabletop() async throws -> TabletopAnswer {
        let answer = try await server.get("/api/table/\(table)/felt/", headers: bearer)
        guard answer.status == 200 else { throw ServerProcessError(message: "felt view failed: \(answer.status) \(answer.text)") }
        return try answer.tabletop
    }
}

/// The answer to a watch link's making or turning off.
struct WatchLinkAnswer: Decodable {
    struct Watch: Decodable {
        var key: String
        var path: String
    }

    var success: Bool
    var watch: Watch?
}
