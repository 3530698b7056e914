import Memorize

/// `{"themes": [{"name", "colors", "pairs", "max_pairs"}]}`; `pairs` is null for a random number.
struct MemoryThemesJSON: JSONAnswer, Decodable, Sendable {
    /// A theme and how many pairs it deals.
    struct Theme: Codable, Sendable {
        var name: String
        var colors: [String]
        var pairs: Int?
        var maxPairs: Int

        enum CodingKeys: String, CodingKey {
            case name, colors, pairs
            case maxPairs = "max_pairs"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(colors, forKey: .colors)
            // `null` says the theme deals a random number of pairs; the key is always there.
            try container.encode(pairs, forKey: .pairs)
            try container.encode(maxPairs, forKey: .maxPairs)
        }
    }

    var themes: [Theme]

    init(_ themes: [MemoryTheme]) {
        self.themes = themes.map { Theme(name: $0.name, colors: $0.colors, pairs: $0.pairs, maxPairs: $0.faces.count) }
    }
}
