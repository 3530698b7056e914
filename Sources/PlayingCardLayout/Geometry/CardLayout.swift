public import PlayingCards

/// Where everything on a card goes, in card units: pure geometry that a backend (Cairo, SVG)
/// draws. Any unit works (mm, px, points), since every size derives from the card's width and
/// height.
///
/// Proportions follow the original card view: index font 0.085 × height, corner radius
/// 0.06 × height, index offset 0.33 × corner radius, court artwork in the card bounds zoomed
/// by the face-card scale (0.75 by default).
public struct CardLayout: Sendable, Hashable {
    /// The card's width.
    public let width: Double
    /// The card's height.
    public let height: Double
    /// How number cards place their pips.
    public let pips: PipLayout
    /// The zoom of the court artwork, 0.3 to 1.0.
    public let faceScale: Double
    /// How large the corner index is.
    public let index: IndexSize

    /// The face scales accepted.
    public static let faceScales: ClosedRange<Double> = 0.3...1.0

    /// A layout for a card of this size.
    ///
    /// - Throws: ``CardLayoutError`` for a size that is not positive and finite, or a face scale
    ///   outside ``faceScales``.
    public init(width: Double, height: Double, pips: PipLayout = .standard, faceScale: Double = 0.75,
                index: IndexSize = .standard) throws(CardLayoutError) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw .invalidSize(width: width, height: height)
        }
        guard Self.faceScales.contains(faceScale) else { throw .faceScaleOutOfRange(faceScale) }
        self.width = width
        self.height = height
        self.pips = pips
        self.faceScale = faceScale
        self.index = index
    }

    /// The card's bounds.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The radius of the card's rounded corners: 0.06 × height.
    public var cornerRadius: Double { 0.06 * height }

    /// The index's distance from the top and left edges: 0.33 × the corner radius.
    public var indexOffset: Double { 0.33 * cornerRadius }

    /// The index's font size: 0.085 × the card height, or 0.12 × for a jumbo index.
    public var indexFontSize: Double { (index == .jumbo ? 0.12 : 0.085) * height }

    /// Where the rank label of the top-left index goes: its glyphs' cap height is 0.95 × the font
    /// size, centred on the index box's vertical axis, near the box's top.
    public var indexRankFrame: Rect {
        let box = indexBox, capHeight = 0.95 * indexFontSize
        return Rect(x: box.origin.x, y: box.origin.y + 0.1 * indexFontSize, width: box.width, height: capHeight)
    }

    /// The centre and height of the suit symbol under the rank in the top-left index.
    public var indexPip: (center: Point, size: Double) {
        let rank = indexRankFrame, size = 0.72 * indexFontSize
        return (Point(x: rank.center.x, y: rank.origin.y + rank.height + 0.14 * indexFontSize + size / 2), size)
    }

    /// The top-left index box: the rank above the suit symbol, both centred on its vertical axis.
    public var indexBox: Rect {
        Rect(x: indexOffset, y: indexOffset, width: indexFontSize * 0.9, height: indexFontSize * 1.95)
    }

    /// Draws the top-left index again, turned 180°, in the bottom-right corner:
    /// `rotate(π)` then `translate(width, height)`.
    public var oppositeIndexTransform: AffineTransform {
        AffineTransform.rotation(.pi).concatenating(.translation(x: width, y: height))
    }

    /// The area the centres of the outer pips span: 0.28–0.72 of the width and 0.20–0.80 of the
    /// height, as on good real decks.
    public var pipCentreArea: Rect {
        Rect(x: 0.28 * width, y: 0.20 * height, width: 0.44 * width, height: 0.60 * height)
    }

    /// The height of a normal pip, 0.14 × the card height; an ace's is twice it.
    public var pipSize: Double { 0.14 * height }

    /// Where one pip goes.
    public struct Pip: Sendable, Hashable {
        /// The pip's centre.
        public var center: Point
        /// The pip's height.
        public var size: Double
        /// Whether the pip is drawn turned 180° about its centre.
        public var turned: Bool
    }

    /// The pips of `card`, empty for court cards and jokers.
    public func pips(for card: PlayingCard) -> [Pip] {
        guard let rank = card.rank else { return [] }
        let area = pipCentreArea
        let size = rank == .ace ? pipSize * 2 : pipSize
        return pips.positions(for: rank).map { position in
            Pip(center: Point(x: area.origin.x + position.x * area.width, y: area.origin.y + position.y * area.height),
                size: size, turned: position.turned)
        }
    }

    /// The frame court artwork fills: the card bounds zoomed about the centre by ``faceScale``.
    /// The artwork keeps its aspect ratio inside it and is clipped to it.
    public var courtFrame: Rect { bounds.scaled(by: faceScale) }
}

/// Why a card layout cannot be made.
public enum CardLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Width and height must be positive and finite.
    case invalidSize(width: Double, height: Double)
    /// The face-card scale is outside 0.3–1.0.
    case faceScaleOutOfRange(Double)

    /// A message naming the bad value and what is allowed.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "a card of \(width) × \(height) cannot be laid out: width and height must be positive"
        case .faceScaleOutOfRange(let scale):
            "face-card scale \(scale) is outside \(CardLayout.faceScales.lowerBound)–\(CardLayout.faceScales.upperBound)"
        }
    }
}
