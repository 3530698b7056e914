public import PlayingCards
public import PlayingCardLayout

/// Renders cards as PNG, SVG or PDF bytes.
///
/// A renderer checks its style and loads the user's artwork once, when it is made (the built-in
/// designs are read when a card first needs them); after that it is an immutable value, safe to
/// use from many threads at once (each render has its own Cairo context). It and its copies share
/// caches that make later cards cheaper: stamped shapes, pixel buffers and background rows.
///
/// ```swift
/// let renderer = try CardRenderer(style: CardStyle())
/// let png = try renderer.render(PlayingCard(.queen, of: .hearts), as: .png)
/// ```
public struct CardRenderer: Sendable {
    /// The style every card is drawn in.
    public let style: CardStyle
    /// The card's geometry, in millimetres.
    public let layout: CardLayout
    /// The look of the cards, with the artwork loaded.
    public let design: CardDesign
    /// Shapes drawn once and reused by every card this renderer (or a copy of it) draws.
    let stamps = StampCache()
    /// Band and picture buffers passed from one card to the next.
    let pixelPool = PixelMemoryPool()
    /// The background rows of the cards drawn so far, for the next card to start from.
    let baseRows = BaseRowCache()

    /// A renderer for `style`.
    ///
    /// - Throws: ``RenderError``: `invalidSize` for a size, resolution or bleed out of range
    ///   (checked before anything is allocated), `invalidStyle` for a face scale out of range,
    ///   `artwork` for a missing, unreadable, corrupt or oversized artwork file (naming it).
    public init(style: CardStyle) throws(RenderError) {
        guard style.bleed.isFinite, CardSize.bleeds.contains(style.bleed) else {
            throw RenderError(.invalidSize, "bleed \(style.bleed) mm is not allowed: give 0 to \(Int(CardSize.bleeds.upperBound)) mm")
        }
        _ = try CardSize.pixels(width: style.size.width + 2 * style.bleed, height: style.size.height + 2 * style.bleed, dpi: style.dpi)
        do {
            layout = try CardLayout(width: style.size.width, height: style.size.height, pips: style.pips,
                                    faceScale: style.faceScale, index: style.index)
        } catch {
            throw RenderError(.invalidStyle, error.description)
        }
        let artwork: CardArtwork
        switch style.artwork {
        case .builtIn: artwork = BuiltInArtwork.artwork
        case .folder(let folder): artwork = try ArtworkFolder.load(folder)
        }
        design = CardDesign(theme: style.theme, corners: style.corners, letters: style.letters, border: style.border,
                            bleed: style.bleed, backColor: style.backColor, artwork: artwork)
        self.style = style
    }

    /// The picture of `card` as shapes: its face, or its back when the style is face down.
    public func drawing(of card: PlayingCard) -> Drawing {
        style.faceDown ? backDrawing() : Drawing(face: card, layout: layout, design: design)
    }

    /// The picture of the card back as shapes.
    public func backDrawing() -> Drawing {
        Drawing(backWith: layout, design: design)
    }

    /// The pixel size of PNG output.
    public var pixelSize: (width: Int, height: Int) {
        // Checked in init, so this cannot fail here.
        (try? CardSize.pixels(width: layout.width + 2 * style.bleed, height: layout.height + 2 * style.bleed, dpi: style.dpi)) ?? (1, 1)
    }

    /// A drawing's raster size: millimetres at `dpi`, or its own size in pixels.
    static func pixelSize(of drawing: Drawing, dpi: Double) throws(RenderError) -> (width: Int, height: Int) {
        switch drawing.unit {
        case .millimetre: return try CardSize.pixels(width: drawing.width, height: drawing.height, dpi: dpi)
        case .pixel: return try CardSize.pixels(width: drawing.width, height: drawing.height, dpi: 25.4)
        }
    }

    /// `card` in `format`.
    public func render(_ card: PlayingCard, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        try render(drawing(of: card), as: format)
    }

    /// The card back in `format`.
    public func renderBack(as format: ImageFormat) throws(RenderError) -> [UInt8] {
        try render(backDrawing(), as: format)
    }

    /// `card` as pixels at the style's resolution.
    public func rasterize(_ card: PlayingCard) throws(RenderError) -> RasterImage {
        try rasterize(drawing(of: card))
    }

    /// Any drawing as pixels at the style's resolution.
    public func rasterize(_ drawing: Drawing) throws(RenderError) -> RasterImage {
        let size = try Self.pixelSize(of: drawing, dpi: style.dpi)
        return try RasterPlan(drawing, width: size.width, height: size.height, stamps: stamps, pool: pixelPool,
                                  baseRows: baseRows).rasterImage()
    }

    /// Any drawing in `format`: PNG at the style's resolution (a drawing in pixels at its own
    /// size) and compression, SVG in the style's SVG style, PDF.
    public func render(_ drawing: Drawing, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .png:
            let size = try Self.pixelSize(of: drawing, dpi: style.dpi)
            return try CairoOutput.png(drawing, width: size.width, height: size.height, compression: style.pngCompression, stamps: stamps,
                                       pool: pixelPool, baseRows: baseRows)
        case .svg:
            return Array(SVGWriter.document(drawing, style: style.svgStyle).utf8)
        case .pdf:
            return try CairoOutput.pdf(drawing)
        }
    }
}
