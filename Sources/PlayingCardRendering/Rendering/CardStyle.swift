public import PlayingCardLayout

/// Everything that decides how cards are rendered: size, resolution, colours, pips, index,
/// artwork and output options. Every property has a default; change what you need.
///
/// ```swift
/// var style = CardStyle()
/// style.theme = .fourColor
/// style.size = .bridge
/// let renderer = try CardRenderer(style: style)
/// ```
public struct CardStyle: Sendable, Hashable {
    /// The card's size; ``CardSize/poker`` by default.
    public var size: CardSize = .poker
    /// The resolution of PNG output, in dots per inch (300 by default).
    public var dpi: Double = 300
    /// The colours.
    public var theme: Theme = .classic
    /// How number cards place their pips.
    public var pips: PipLayout = .standard
    /// The zoom of court artwork, 0.3 to 1.0 (0.75 by default).
    public var faceScale: Double = 0.75
    /// The corner index's size.
    public var index: IndexSize = .standard
    /// Which corners carry an index.
    public var corners: IndexCorners = .two
    /// What the index writes for each rank.
    public var letters: IndexLetters = .english
    /// Whether the card has a thin outline.
    public var border: Bool = true
    /// Whether cards are drawn face down (the back only).
    public var faceDown: Bool = false
    /// The back's colour; the theme's when `nil`.
    public var backColor: Color? = nil
    /// Print bleed in millimetres on every side (0 to 20).
    public var bleed: Double = 0
    /// How SVG is written.
    public var svgStyle: SVGStyle = .compact
    /// How PNG is compressed: ``PNGCompression/fast`` by default, ``PNGCompression/small`` for
    /// smaller files that take longer to write. The pixels are the same either way.
    public var pngCompression: PNGCompression = .fast
    /// Where court, joker and back pictures come from.
    public var artwork: ArtworkLocation = .builtIn

    /// The default style: a poker-size card at 300 dpi in the classic theme.
    public init() {}
}

/// Where the renderer finds court, joker and back pictures.
public enum ArtworkLocation: Sendable, Hashable {
    /// The project's own designs, compiled into the library.
    case builtIn
    /// A folder of the user's PNG or SVG files, holding any subset of the pictures. For each
    /// court card the renderer looks for `<CODE>.svg` or `<CODE>.png` (`QH.svg`), then the
    /// rank (`Q.svg`), then uses the built-in art. `X1`/`X2` or `joker`, and `back`, replace
    /// the built-in joker and back designs. A folder with none of these files is an error.
    case folder(String)
}
