import DeckService
import Memorize

/// A game answer: `{"success", "game_id", "theme": {"name", "colors"}, "score", "finished",
/// "cards": [{"index", "face_up", "matched", …}]}`; a card's face fields (`code`, `image`,
/// `images`, `name` for playing cards; `emoji`, `name` for emoji) only when it is face up or matched.
struct MemoryGameJSON: Encodable, Sendable {
    struct ThemeJSON: Encodable, Sendable {
        var name: String
        var colors: [String]
    }

    struct CardJSON: Encodable, Sendable {
        var index: Int
        var face_up: Bool
        var matched: Bool
        var name: String?
        var code: String?
        var image: String?
        var images: DeckServerHTTP.CardJSON.Images?
        var emoji: String?
    }

    var success = true
    var game_id: String
    var theme: ThemeJSON
    var score: Int
    var finished: Bool
    var cards: [CardJSON]

    init(_ view: MemoryGameView, base: String) {
        game_id = view.id
        theme = ThemeJSON(name: view.themeName, colors: view.colors)
        score = view.score
        finished = view.finished
        cards = view.cards.map { card in
            var json = CardJSON(index: card.index, face_up: card.faceUp, matched: card.matched)
            switch card.face {
            case .card(let playingCard)?:
                let face = DeckServerHTTP.CardJSON(playingCard, base: base)
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

/// `{"themes": [{"name", "colors", "pairs", "max_pairs"}]}`; `pairs` is null for a random number.
struct MemoryThemesJSON: Encodable, Sendable {
    struct ThemeJSON: Encodable, Sendable {
        var name: String
        var colors: [String]
        var pairs: Int?
        var max_pairs: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(colors, forKey: .colors)
            try container.encode(pairs, forKey: .pairs)
            try container.encode(max_pairs, forKey: .max_pairs)
        }

        enum CodingKeys: String, CodingKey { case name, colors, pairs, max_pairs }
    }

    var themes: [ThemeJSON]

    init(_ themes: [MemoryTheme]) {
        self.themes = themes.map { ThemeJSON(name: $0.name, colors: $0.colors, pairs: $0.pairs, max_pairs: $0.faces.count) }
    }
}
