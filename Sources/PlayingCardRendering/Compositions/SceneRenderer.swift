public import PlayingCardLayout

/// Draws a `Scene` (cards with transforms over a background) on a canvas.
///
/// ```swift
/// let cards = try CardRenderer(style: CardStyle())
/// let hand = Scene.fan(try [PlayingCard](parsing: "AS KD 10H 9C 2S"), cardSize: (63, 88))
/// let view = SceneView(scene: hand, canvasWidth: 1200, canvasHeight: 800)
/// let png = try SceneRenderer(cards: cards).render(hand, in: view, as: .png)
/// ```
public struct SceneRenderer: Sendable {
    /// Draws the cards, in its style (size in millimetres sets the scene's card size).
    public let cards: CardRenderer
    /// What the scene is drawn on.
    public var background: SceneBackground

    /// A scene renderer drawing cards with `cards` over `background`.
    public init(cards: CardRenderer, background: SceneBackground = .felt) {
        self.cards = cards
        self.background = background
    }

    /// The scene as shapes, in canvas pixels.
    public func drawing(of scene: Scene, in view: SceneView) -> Drawing {
        let canvas = Rect(x: 0, y: 0, width: view.canvasWidth, height: view.canvasHeight)
        var drawing = Drawing(width: view.canvasWidth, height: view.canvasHeight, title: "Cards")
        drawing.unit = .pixel
        switch background {
        case .color(let color):
            if color.alpha > 0 { drawing.items.append(.path(.rectangle(canvas), fill: color, stroke: nil)) }
        case .image(let image):
            // Cover: scale so the image fills the canvas, centre it, cut off the overflow.
            let scale = max(canvas.width / image.width, canvas.height / image.height)
            let frame = Rect(x: (canvas.width - image.width * scale) / 2, y: (canvas.height - image.height * scale) / 2,
                             width: image.width * scale, height: image.height * scale)
            drawing.items.append(.group([.image(image, frame: frame)], transform: .identity, clip: .rectangle(canvas)))
        }
        // Card drawings are in millimetres of the card; the scene's units are the card's too.
        let cardScale = AffineTransform.scale(x: scene.cardWidth / cards.layout.width, y: scene.cardHeight / cards.layout.height)
        for placement in scene.placements {
            let card = placement.faceUp ? cards.drawing(of: placement.card) : cards.backDrawing()
            let bleed = cards.style.bleed
            drawing.place(card, transform: AffineTransform.translation(x: -bleed, y: -bleed).concatenating(cardScale)
                .concatenating(placement.transform).concatenating(view.sceneToCanvas))
        }
        return drawing
    }

    /// The scene in `format`: PNG at the canvas size, SVG in pixels, PDF at 96 pixels an inch.
    public func render(_ scene: Scene, in view: SceneView, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        let width = Int(view.canvasWidth.rounded()), height = Int(view.canvasHeight.rounded())
        guard width >= 1, height >= 1, width <= CardSize.maximumPixels, height <= CardSize.maximumPixels,
              width * height <= CardSize.maximumArea else {
            throw RenderError(.invalidSize, "a canvas of \(width) × \(height) px is not allowed: each side 1 to \(CardSize.maximumPixels) px, at most \(CardSize.maximumArea / 1_000_000) million pixels")
        }
        let picture = drawing(of: scene, in: view)
        switch format {
        case .png: return try CairoOutput.png(picture, width: width, height: height, compression: cards.style.pngCompression, stamps: cards.stamps, pool: cards.pixelPool,
                                             baseRows: cards.baseRows)
        case .svg: return Array(SVGWriter.document(picture, style: cards.style.svgStyle).utf8)
        case .pdf: return try CairoOutput.pdf(picture)
        }
    }
}
