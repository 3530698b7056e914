public import PlayingCards

/// The colours of a deck: one value, passed whole to the renderer.
///
/// The built-in themes are one line each in ``builtIn``; ``named(_:)`` finds them by name. Any
/// theme can be changed further, for example one suit's colour with ``withColor(_:for:)``.
public struct Theme: Sendable, Hashable {
    /// The name `render-card --theme` knows it by.
    public var name: String
    /// The colours of spades, hearts, diamonds and clubs, in that order.
    public var suitColors: [Color]
    /// The card's face.
    public var face: Color
    /// The card's outline.
    public var border: Color
    /// The border's width as a fraction of the card height.
    public var borderWidth: Double
    /// How much heavier than normal the index strokes are (1 is normal).
    public var indexWeight: Double
    /// The main colour of the card back.
    public var back: Color
    /// The colours of the red and the black joker.
    public var redJoker, blackJoker: Color

    /// A theme from its colours.
    public init(name: String, spades: Color, hearts: Color, diamonds: Color, clubs: Color,
                face: Color = .white, border: Color = Color(red: 0x55, green: 0x55, blue: 0x55),
                borderWidth: Double = 0.003, indexWeight: Double = 1, back: Color = Color(red: 0x1B, green: 0x3A, blue: 0x8C),
                redJoker: Color? = nil, blackJoker: Color? = nil) {
        self.name = name
        suitColors = [spades, hearts, diamonds, clubs]
        self.face = face
        self.border = border
        self.borderWidth = borderWidth
        self.indexWeight = indexWeight
        self.back = back
        self.redJoker = redJoker ?? hearts
        self.blackJoker = blackJoker ?? spades
    }

    /// The colour `suit` is drawn in.
    public func color(for suit: Suit) -> Color { suitColors[Self.slot(suit)] }

    /// This theme with `suit` drawn in `color`.
    public func withColor(_ color: Color, for suit: Suit) -> Theme {
        var theme = self
        theme.suitColors[Self.slot(suit)] = color
        return theme
    }

    private static func slot(_ suit: Suit) -> Int {
        switch suit {
        case .spades: 0
        case .hearts: 1
        case .diamonds: 2
        case .clubs: 3
        }
    }

    private static let red = Color(red: 0xC8, green: 0x10, blue: 0x2E)
    private static let ink = Color(red: 0x14, green: 0x14, blue: 0x14)

    /// Every built-in theme; adding one is one line here.
    public static let builtIn: [Theme] = [
        Theme(name: "classic", spades: ink, hearts: red, diamonds: red, clubs: ink),
        Theme(name: "four-color", spades: ink, hearts: red, diamonds: Color(red: 0x1F, green: 0x4E, blue: 0xB4),
              clubs: Color(red: 0x1B, green: 0x7F, blue: 0x3B)),
        Theme(name: "high-contrast", spades: .black, hearts: Color(red: 0xB0, green: 0, blue: 0),
              diamonds: Color(red: 0, green: 0x3C, blue: 0xC8), clubs: Color(red: 0, green: 0x6E, blue: 0x1E),
              border: .black, borderWidth: 0.006, indexWeight: 1.35, back: .black),
    ]

    /// The built-in theme called `name`, or `nil`.
    public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name.lowercased() } }

    /// Red hearts and diamonds, black spades and clubs: the default.
    public static var classic: Theme { builtIn[0] }
    /// Four colours: ♠ black, ♥ red, ♦ blue, ♣ green, so that no two suits share a colour.
    public static var fourColor: Theme { builtIn[1] }
    /// Four strong colours, a black border and heavier indices, for low vision and colour blindness.
    public static var highContrast: Theme { builtIn[2] }
}
