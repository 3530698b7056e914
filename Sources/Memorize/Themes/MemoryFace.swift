import PlayingCards

/// The face of a card in a built-in or custom ``MemoryTheme``: a playing card, drawn by the
/// card renderer, or an emoji with a name people can read (a screen reader says the name).
public enum MemoryFace: Sendable, Hashable {
    /// A playing card.
    case card(PlayingCard)
    /// An emoji, such as "👻", with its name, such as "ghost".
    case emoji(String, name: String)

    /// What the face shows, in words: "Queen of Hearts", "ghost".
    public var name: String {
        switch self {
        case .card(let card): card.formatted(.name)
        case .emoji(_, let name): name
        }
    }

    /// The playing card, or `nil` for an emoji face.
    public var card: PlayingCard? {
        if case .card(let card) = self { card } else { nil }
    }

    /// The emoji, or `nil` for a playing-card face.
    public var emoji: String? {
        if case .emoji(let emoji, _) = self { emoji } else { nil }
    }

    /// Checks an emoji face has both an emoji and a name.
    func validated() throws(MemoryGameError) -> MemoryFace {
        if case .emoji(let emoji, let name) = self, emoji.isEmpty || name.isEmpty {
            throw MemoryGameError(.emptyEmojiFace(emoji: emoji, name: name))
        }
        return self
    }
}

extension MemoryFace: CustomStringConvertible {
    /// The card in symbol notation (`Q♥`) or the emoji.
    public var description: String {
        switch self {
        case .card(let card): card.description
        case .emoji(let emoji, _): emoji
        }
    }
}

/// A face saves as `{"card": "QH"}` or `{"emoji": "👻", "name": "ghost"}`.
extension MemoryFace: Codable {
    private enum CodingKeys: String, CodingKey {
        case card, emoji, name
    }

    /// Decodes a face; an emoji face needs a non-empty emoji and name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let card = try container.decodeIfPresent(PlayingCard.self, forKey: .card) {
            self = .card(card)
            return
        }
        guard container.contains(.emoji) else {
            throw DecodingError.dataCorruptedError(
                forKey: .card, in: container, debugDescription: "a face has either a \"card\" code or an \"emoji\" and a \"name\"")
        }
        let face = try MemoryFace.emoji(container.decode(String.self, forKey: .emoji), name: container.decode(String.self, forKey: .name))
        do {
            self = try face.validated()
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .emoji, in: container, debugDescription: error.description)
        }
    }

    /// Encodes the face as its card code, or its emoji and name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .card(let card):
            try container.encode(card, forKey: .card)
        case .emoji(let emoji, let name):
            try container.encode(emoji, forKey: .emoji)
            try container.encode(name, forKey: .name)
        }
    }
}
