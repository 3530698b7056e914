public import PlayingCards

/// How large the corner index is.
public enum IndexSize: String, Sendable, Hashable, CaseIterable {
    /// Rank glyphs 0.085 × the card height, as on ordinary cards.
    case standard
    /// Rank glyphs half as large again, for players who read cards from across a table.
    case jumbo
}

/// Which corners carry an index.
public enum IndexCorners: Int, Sendable, Hashable, CaseIterable {
    /// Top-left, and bottom-right turned 180°.
    case two = 2
    /// All four; the bottom two turned 180°, so that a fanned hand shows them in either hand.
    case four = 4
}

/// What the corner index writes for each rank: English `A 2 … 10 J Q K` or a localised set.
public struct IndexLetters: Sendable, Hashable {
    /// The labels for ranks ace (1) to king (13), and for the joker.
    public private(set) var labels: [String]

    /// English: `A 2 … 10 J Q K`, `JOKER`.
    public static let english = IndexLetters(unchecked: [:])
    /// German: Bube, Dame, König: `B D K`.
    public static let german = IndexLetters(unchecked: [.jack: "B", .queen: "D", .king: "K"])
    /// French: valet, dame, roi: `V D R`.
    public static let french = IndexLetters(unchecked: [.jack: "V", .queen: "D", .king: "R"])
    /// Dutch: boer, vrouw, heer: `B V H`.
    public static let dutch = IndexLetters(unchecked: [.jack: "B", .queen: "V", .king: "H"])

    /// The named sets, for `render-card --letters`.
    public static let named: [String: IndexLetters] = ["english": english, "german": german, "french": french, "dutch": dutch]

    private init(unchecked overrides: [Rank: String]) {
        labels = Rank.allCases.map { overrides[$0] ?? $0.defaultLabel } + ["JOKER"]
    }

    /// English labels with some ranks replaced, e.g. `[.jack: "B", .queen: "D"]`.
    ///
    /// - Throws: ``IndexLettersError`` for an empty label, one of more than two characters, or a
    ///   character the index font cannot draw.
    public init(_ overrides: [Rank: String]) throws(IndexLettersError) {
        for (rank, label) in overrides.sorted(by: { $0.key < $1.key }) {
            guard (1...2).contains(label.count) else { throw .badLength(rank: rank, label: label) }
            if let missing = label.first(where: { IndexFont.glyph(for: $0) == nil }) {
                throw .notInFont(rank: rank, character: missing)
            }
        }
        self.init(unchecked: overrides)
    }

    /// Reads a named set (`english`, `german`, `french`, `dutch`) or a list such as
    /// `J=B,Q=D,K=K`.
    public init(parsing text: String) throws(IndexLettersError) {
        if let named = Self.named[text.lowercased()] {
            self = named
            return
        }
        var overrides: [Rank: String] = [:]
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let rank = Rank(label: String(parts[0]).trimmingWhitespace()) else {
                throw .badItem(String(item))
            }
            overrides[rank] = String(parts[1]).trimmingWhitespace()
        }
        guard !overrides.isEmpty else { throw .badItem(text) }
        try self.init(overrides)
    }

    /// The label for `rank`.
    public func label(for rank: Rank) -> String { labels[rank.rawValue - 1] }
    /// The label of the joker, written down the index.
    public var joker: String { labels[13] }
}

/// Index letters that cannot be used.
public enum IndexLettersError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A label must have one or two characters.
    case badLength(rank: Rank, label: String)
    /// The index font lacks a character.
    case notInFont(rank: Rank, character: Character)
    /// An item of a letters list is not `RANK=LETTERS`.
    case badItem(String)

    /// Names the bad part and what is allowed.
    public var description: String {
        switch self {
        case .badLength(let rank, let label):
            "index label '\(label)' for \(rank.name) must have one or two characters"
        case .notInFont(let rank, let character):
            "index label for \(rank.name) uses '\(character)', which the index font lacks: use A–Z or 0–9"
        case .badItem(let item):
            "'\(item)' is not a letters set: use english, german, french, dutch, or a list such as J=B,Q=D,K=K"
        }
    }
}

extension Rank {
    var defaultLabel: String { symbol }

    init?(label: String) {
        guard let rank = Rank.allCases.first(where: { $0.symbol == label.uppercased() }) else { return nil }
        self = rank
    }
}
