import DeckService
import PlayingCards

/// A card as the deck API writes it: `{"code", "image", "images": {"svg", "png"}, "value", "suit"}`.
struct CardJSON: Encodable, Sendable {
    /// The card's image links.
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
