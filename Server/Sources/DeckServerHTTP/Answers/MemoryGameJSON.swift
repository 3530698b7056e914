import DeckService
import Memorize

/// A game answer: `{"success", "game_id", "seeded", "theme": {"name", "colors"}, "score",
/// "finished", "cards": [{"index", "face_up", "matched", …}]}`; a card's face fields (`code`,
/// `image`, `images`, `name` for playing cards; `emoji`, `name` for emoji) only when it is face
/// up or matched.
struct MemoryGameJSON: JSONAnswer, Decodable, Sendable, Equatable {
    /// The theme's name and colours.
    struct Theme: Codable, Sendable, Equatable {
        var name: String
        var colors: [String]
    }

    /// A card as the player sees it.
    struct Card: Codable, Sendable, Equatable {
        var index: Int
        var faceUp: Bool
        var matched: Bool
        var name: String?
        var code: String?
        var image: String?
        var images: CardJSON.Images?
        var emoji: String?

        enum CodingKeys: String, CodingKey {
            case index
            case faceUp = "face_up"
            case matched, name, code, image, images, emoji
        }
    }

    var success = true
    var gameID: String
    /// Whether the game was dealt from a client's seed (for tests and replays).
    var seeded: Bool
    var theme: Theme
    var score: Int
    var finished: Bool
    var cards: [Card]

    enum CodingKeys: String, CodingKey {
        case success
        case gameID = "game_id"
        case seeded, theme, score, finished, cards
    }

    init(_ view: MemoryGameView, base: String) {
        gameID = view.id
        seeded = view.seeded
        theme = Theme(name: view.themeName, colors: view.colors)
        score = view.score
        finished = view.finished
        cards = view.cards.map { card in
            var json = Card(index: card.index, faceUp: card.faceUp, matched: card.matched)
            switch card.face {
            case .card(let playingCard)?:
                let face = CardJSON(playingCard, base: base)
                json.name = card.face?.name
                json.code = face.code
                json.image = face.image
                json.images = face.images
            case .emoji(let emoji, let name)?:
                json.emoji = emoji
                json.name = name
            case nil:
                break
            }
            return json
        }
    }
}
