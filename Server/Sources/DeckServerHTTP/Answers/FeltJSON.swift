import DeckService

/// The felt's colour and background, and the watch link for the creator, as answers and
/// events write them: `"felt": {"colour", "background"}` (a path), `"creator_seat"`, and for the
/// creator `"watch": {"key", "path"}`.
struct FeltJSON: Codable, Sendable {
    var colour: String?
    var background: String?

    init(_ felt: TabletopView.Felt, table id: String, audience: TableAudience) {
        colour = felt.colour
        background = felt.background.map { audience.backgroundPath(table: id, number: $0) }
    }
}
