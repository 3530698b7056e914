import PlayingCards

/// A theme for Memorize: a name, a colour for the cards' backs (or two, for a gradient), the
/// faces it deals and how many pairs.
///
/// ```swift
/// let birds = try MemoryTheme("Birds", color: "#2a9d8f", faces: [.emoji("🦉", name: "owl"), .emoji("🦆", name: "duck")])
/// let game = try birds.newGame()
/// ```
public struct MemoryTheme: Sendable, Hashable {
    /// The theme's name, shown to players and used to look up a built-in theme.
    public let name: String
    /// The colour of the cards' backs as `#rrggbb`, and when there are two, the end colour
    /// of a gradient.
    public let colors: [String]
    /// The faces the theme can deal, each at most once per game (as a pair).
    public let faces: [MemoryFace]
    /// How many pairs a game deals, or `nil` for a random number from 2 to the number of faces.
    public let pairs: Int?

    /// A theme; the faces must differ, and `pairs` (when given) must be from 2 to their number.
    ///
    /// - Parameters:
    ///   - name: the theme's name, as players see it.
    ///   - color: the cards' backs, `#` and six hexadecimal digits.
    ///   - gradientTo: the end colour of a gradient from `color`, or `nil` for a plain colour.
    ///   - faces: the faces the theme can deal, all different.
    ///   - pairs: how many pairs a game deals, from 2 to the number of faces, or `nil` for a
    ///     random number each game.
    /// - Throws: ``MemoryGameError`` naming the first thing that is wrong.
    public init(_ name: String, color: String, gradientTo: String? = nil, faces: [MemoryFace], pairs: Int? = nil) throws(MemoryGameError) {
        try self.init(name: name, colors: [color] + (gradientTo.map { [$0] } ?? []), faces: faces, pairs: pairs)
    }

    init(name: String, colors: [String], faces: [MemoryFace], pairs: Int?) throws(MemoryGameError) {
        guard !name.isEmpty else { throw MemoryGameError(.emptyThemeName) }
        guard (1...2).contains(colors.count) else { throw MemoryGameError(.colorCount(colors.count)) }
        var normalised: [String] = []
        for color in colors { normalised.append(try Self.checkedColor(color)) }
        var seen = Set<MemoryFace>()
        for face in faces {
            guard seen.insert(try face.validated()).inserted else {
                throw MemoryGameError(.repeatedFace(face.description))
            }
        }
        guard faces.count >= MemoryGame<MemoryFace>.minimumPairs else {
            throw MemoryGameError(.tooFewPairs(faces.count))
        }
        if let pairs, !(MemoryGame<MemoryFace>.minimumPairs...faces.count).contains(pairs) {
            throw MemoryGameError(.pairsOutOfRange(pairs, faces: faces.count))
        }
        self.name = name
        self.colors = normalised
        self.faces = faces
        self.pairs = pairs
    }

    /// The colour in lower case, when it is `#` and six hexadecimal digits.
    private static func checkedColor(_ text: String) throws(MemoryGameError) -> String {
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "#"), digits.count == 6,
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) })
        else { throw MemoryGameError(.invalidColor(text)) }
        return text.lowercased()
    }
}

/// A theme saves as `{"name", "colors", "faces", "pairs"}` (`pairs` absent for a random
/// number); decoding checks it as ``MemoryTheme/init(_:color:gradientTo:faces:pairs:)`` does.
extension MemoryTheme: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, colors, faces, pairs
    }

    /// Decodes and checks a theme.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                name: container.decode(String.self, forKey: .name),
                colors: container.decode([String].self, forKey: .colors),
                faces: container.decode([MemoryFace].self, forKey: .faces),
                pairs: container.decodeIfPresent(Int.self, forKey: .pairs))
        } catch let error as MemoryGameError {
            throw DecodingError.dataCorruptedError(forKey: .faces, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the theme.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(colors, forKey: .colors)
        try container.encode(faces, forKey: .faces)
        try container.encodeIfPresent(pairs, forKey: .pairs)
    }
}
