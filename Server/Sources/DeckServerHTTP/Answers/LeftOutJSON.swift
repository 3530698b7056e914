import DeckService

/// A listed card a lenient add or return left where it was: `{"code": "4D", "reason": "in the deck"}`.
struct LeftOutJSON: Codable, Sendable, Equatable {
    var code: String
    var reason: String

    enum CodingKeys: String, CodingKey {
        case code, reason
    }

    init(code: String, reason: String) {
        self.code = code
        self.reason = reason
    }

    init(_ leftOut: DeckView.LeftOut) {
        code = leftOut.card.apiCode
        reason = switch leftOut.reason {
        case .inDeck: "in the deck"
        case .inPile(let name): "in pile '\(name)'"
        case .notInPile(let name): "not in pile '\(name)'"
        case .listedAgain: "listed more times than it can move"
        case .notInThisDeck: "not a card of this deck"
        }
    }

    static func write(_ list: [LeftOutJSON], to writer: inout JSONWriter) {
        writer.beginArray()
        for item in list {
            writer.beginObject()
            writer.member(CodingKeys.code, item.code)
            writer.member(CodingKeys.reason, item.reason)
            writer.endObject()
        }
        writer.endArray()
    }
}
