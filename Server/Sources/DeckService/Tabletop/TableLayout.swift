/// A table's layout as a file: its settings and its stacks (places, layouts, and which of each
/// stack's cards lie face up), with hands as counts only: no card's identity, so that a layout
/// can be shared and a new table laid out the same way, dealt afresh.
///
/// ```json
/// {"format": "swift-playing-cards table layout", "version": 1,
///  "settings": {"seats": 4, "deck_count": 1, "jokers": false},
///  "stacks": [{"id": "deck", "x": 40, "y": 40, "layout": "squared", "rotation": 0, "faces": "DDDD…"},
///             {"id": "s1", "x": 160, "y": 240, "layout": "down", "step": 24, "label": "1", "faces": "DDU"}],
///  "hands": [5, 5, 0, 0]}
/// ```
///
/// `faces` lists a stack's cards bottom first, `U` face up and `D` face down. The deck's
/// stack takes whatever cards the other stacks leave, face down.
package struct TableLayout: Sendable, Hashable, Codable {
    /// The value of ``format``.
    package static let formatName = "swift-playing-cards table layout"
    /// The newest version this server reads and the one it writes.
    package static let currentVersion = 1

    /// Seats and decks.
    package struct Settings: Sendable, Hashable, Codable {
        package var seats: Int
        package var deckCount: Int
        package var jokers: Bool

        enum CodingKeys: String, CodingKey {
            case seats, jokers
            case deckCount = "deck_count"
        }
    }

    /// A stack as the layout keeps it.
    package struct Stack: Sendable, Hashable, Codable {
        package var id: String
        package var x: Double
        package var y: Double
        package var layout: String
        package var step: Double?
        package var rotation: Int
        package var label: String?
        /// Its cards bottom first: `U` face up, `D` face down.
        package var faces: String
    }

    package var format: String
    package var version: Int
    package var settings: Settings
    package var stacks: [Stack]
    /// The number of cards in each seat's hand, seat 1 first (for reading only: a new table's
    /// hands start empty).
    package var hands: [Int]
}
