@testable import DeckServerHTTP
import DeckTestSupport
import Foundation

// The free-form table's answers are read with the server's own models (`TabletopJSON`,
// `StackJSON`, `WatchLinkJSON`), so a test reads exactly what the server writes.

extension StackJSON {
    /// The handle of the card at `index` from the bottom: the stack's prefix and `index` in base 36.
    func handle(at index: Int) -> String { handles + String(index, radix: 36) }

    /// Every card's handle, bottom first.
    var cardHandles: [String] { cards.indices.map(handle(at:)) }

    /// The top card's handle, nil for an empty stack.
    var topHandle: String? { cards.isEmpty ? nil : handle(at: cards.count - 1) }
}

extension TabletopJSON {
    /// The stack `id`.
    func stack(_ id: String) -> StackJSON? { view.stacks.first { $0.id == id } }
}

/// A 409 of the free-form table: the error and the table as it is now.
struct TabletopConflictAnswer: Decodable, Sendable {
    var success: Bool
    var error: String
    var table: TabletopJSON?
}

extension Answer {
    /// The body as a free-form table view.
    var tabletop: TabletopJSON { get throws { try decode(TabletopJSON.self) } }
}

extension TestSeat {
    /// POSTs the free-form action `name` (such as `move`) with `form`, as this seat.
    func felt(_ name: String, _ form: String = "") async throws -> Answer {
        try await act("felt/" + name, form)
    }

    /// The free-form table as this seat sees it.
    func tabletop() async throws -> TabletopJSON {
        try await read(TabletopJSON.self, at: "felt/")
    }
}
