public import PlayingCards

/// Everything about how a card looks except its size: colours, pips, index and artwork.
public struct CardDesign: Sendable, Hashable {
    /// The colours.
    public var theme: Theme
    /// Which corners carry an index.
    public var corners: IndexCorners
    /// What the index writes for each rank.
    public var letters: IndexLetters
    /// Whether the card has a thin outline (leave it out for print).
    public var border: Bool
    /// Extra background around the card for print, in card units (millimetres), on every side.
    /// With bleed the corners are square and there is no outline: the cutter makes the edge.
    public var bleed: Double
    /// The colour of the card back; the theme's when `nil`.
    public var backColor: Color?
    /// The artwork of court cards, jokers and the back.
    public var artwork: CardArtwork

    /// A design from its parts; every part has a default.
    public init(theme: Theme = .classic, corners: IndexCorners = .two, letters: IndexLetters = .english,
                border: Bool = true, bleed: Double = 0, backColor: Color? = nil, artwork: CardArtwork) {
        self.theme = theme
        self.corners = corners
        self.letters = letters
        self.border = border
        self.bleed = bleed
        self.backColor = backColor
        self.artwork = artwork
    }
}

/// The pictures on court cards, jokers and the back.
public struct CardArtwork: Sendable, Hashable {
    /// One picture: the project's vector art, or an image the user supplied.
    public enum Source: Sendable, Hashable {
        /// Vector art, drawn with the accent colour of the card.
        case vector(VectorArt)
        /// A PNG or SVG image.
        case image(ArtworkImage)
    }

    /// Art for each court rank (jack, queen, king), drawn in the suit's colour.
    public var ranks: [Rank: Source]
    /// Art for single cards, chosen over ``ranks``.
    public var cards: [PlayingCard: Source]
    /// The joker's picture, drawn in the joker's colour.
    public var joker: Source
    /// The back's design, drawn in the back colour.
    public var back: Source

    /// An artwork set from its parts.
    public init(ranks: [Rank: Source], cards: [PlayingCard: Source] = [:], joker: Source, back: Source) {
        self.ranks = ranks
        self.cards = cards
        self.joker = joker
        self.back = back
    }

    /// The art for `card`: its own, its rank's, or the joker's.
    public func source(for card: PlayingCard) -> Source? {
        if let own = cards[card] { return own }
        if card.isJoker { return joker }
        return card.rank.flatMap { ranks[$0] }
    }
}
