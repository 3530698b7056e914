import DeckService
import PlayingCards

/// A card as the deck API writes it: `{"code", "image", "images": {"svg", "png"}, "value", "suit"}`.
struct CardJSON: Encodable, Sendable, JSONWritable {
    struct Images: Encodable, Sendable {
        var svg: String
        var png: String
    }

    var code: String
    var image: String
    var images: Images
    var value: String
    var suit: String

    /// The card with image links under `base`.
    init(_ card: PlayingCard, base: String) {
        code = card.apiCode
        let file = CardImageName.fileName(of: .face(card))
        images = Images(svg: "\(base)/static/img/\(file).svg", png: "\(base)/static/img/\(file).png")
        image = images.png
        value = Self.value(of: card)
        suit = Self.suit(of: card)
    }

    func write(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("code"); json.value(code)
            json.key("image"); json.value(image)
            json.key("images")
            json.object { json in
                json.key("svg"); json.value(images.svg)
                json.key("png"); json.value(images.png)
            }
            json.key("value"); json.value(value)
            json.key("suit"); json.value(suit)
        }
    }

    static func value(of card: PlayingCard) -> String {
        guard let rank = card.rank else { return "JOKER" }
        switch rank {
        case .ace: return "ACE"
        case .jack: return "JACK"
        case .queen: return "QUEEN"
        case .king: return "KING"
        default: return String(rank.rawValue)
        }
    }

    static func suit(of card: PlayingCard) -> String {
        guard let suit = card.suit else { return card.color == .black ? "BLACK" : "RED" }
        return suit.name.uppercased()
    }
}
