import DeckService
import PlayingCards

/// A card as the deck API writes it: `{"code", "image", "images": {"svg", "png"}, "value", "suit"}`.
struct CardJSON: Codable, Sendable, Equatable {
    /// The card's image links.
    struct Images: Codable, Sendable, Equatable {
        var svg: String
        var png: String

        enum CodingKeys: String, CodingKey {
            case svg, png
        }
    }

    var code: String
    var image: String
    var images: Images
    var value: String
    var suit: String

    enum CodingKeys: String, CodingKey {
        case code, image, images, value, suit
    }

    /// The card with image links under `base`.
    init(_ card: PlayingCard, base: String) {
        code = card.apiCode
        let file = CardImageName.fileName(of: .face(card))
        images = Images(svg: "\(base)/static/img/\(file).svg", png: "\(base)/static/img/\(file).png")
        image = images.png
        value = Self.value(of: card)
        suit = Self.suit(of: card)
    }

    /// `ACE`, `2` … `10`, `JACK`, `QUEEN`, `KING`, or `JOKER`.
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

    /// `SPADES` … `HEARTS`; a joker's colour, `BLACK` or `RED`.
    static func suit(of card: PlayingCard) -> String {
        guard let suit = card.suit else { return card.color == .black ? "BLACK" : "RED" }
        return suit.name.uppercased()
    }
}

extension CardJSON {
    /// Writes `cards` as an array, for answers that write themselves (see ``DeckJSON``).
    static func write(_ cards: [CardJSON], to writer: inout JSONWriter) {
        writer.beginArray()
        for card in cards { card.write(to: &writer) }
        writer.endArray()
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(CodingKeys.code, code)
        writer.member(CodingKeys.image, image)
        writer.key(CodingKeys.images)
        writer.beginObject()
        writer.member(Images.CodingKeys.svg, images.svg)
        writer.member(Images.CodingKeys.png, images.png)
        writer.endObject()
        writer.member(CodingKeys.value, value)
        writer.member(CodingKeys.suit, suit)
        writer.endObject()
    }
}
