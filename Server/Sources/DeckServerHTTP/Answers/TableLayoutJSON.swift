import DeckService

/// A table's layout file, as ``TableLayout`` writes it.
struct TableLayoutJSON: JSONAnswer, Sendable {
    var layout: TableLayout

    func encode(to encoder: any Encoder) throws {
        try layout.encode(to: encoder)
    }
}
