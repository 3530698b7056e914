/// A scene shown on a canvas of pixels: how much it is zoomed and where it sits, and the
/// conversions between scene and canvas coordinates (for hit-testing what the user clicked).
///
/// By default the scene is zoomed to fit the canvas inside a margin (the smaller of the
/// horizontal and vertical zooms) and centred. An explicit zoom, clamped to ``zoomRange``, and a
/// pan in pixels are also allowed.
public struct SceneView: Sendable, Hashable {
    /// The zooms allowed, in canvas pixels per scene unit (per millimetre): 0.05 to 100.
    public static let zoomRange: ClosedRange<Double> = 0.05...100

    /// The canvas size in pixels.
    public let canvasWidth, canvasHeight: Double
    /// Canvas pixels per scene unit.
    public let zoom: Double
    /// Where the scene's origin lands on the canvas, in pixels.
    public let offset: Point

    /// A view of `scene` on a `canvasWidth` × `canvasHeight` canvas.
    ///
    /// - Parameters:
    ///   - scene: the cards to show.
    ///   - canvasWidth: the canvas width in pixels.
    ///   - canvasHeight: the canvas height in pixels.
    ///   - margin: the empty border kept around a fitted scene, in pixels.
    ///   - zoom: pixels per scene unit, clamped to ``zoomRange``; `nil` fits the scene.
    ///   - pan: moves the scene on the canvas, in pixels, after centring.
    public init(scene: Scene, canvasWidth: Double, canvasHeight: Double, margin: Double = 20, zoom: Double? = nil,
                pan: Point = Point(x: 0, y: 0)) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        let bounds = scene.bounds ?? Rect(x: 0, y: 0, width: scene.cardWidth, height: scene.cardHeight)
        let fit = min((canvasWidth - 2 * margin) / max(bounds.width, 1e-9), (canvasHeight - 2 * margin) / max(bounds.height, 1e-9))
        let chosen = zoom ?? fit
        let clamped = min(max(chosen.isFinite ? chosen : Self.zoomRange.lowerBound, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        self.zoom = clamped
        // Centre the scene's bounds, then pan.
        offset = Point(x: canvasWidth / 2 - (bounds.origin.x + bounds.width / 2) * clamped + pan.x,
                       y: canvasHeight / 2 - (bounds.origin.y + bounds.height / 2) * clamped + pan.y)
    }

    /// Scene units to canvas pixels.
    public var sceneToCanvas: AffineTransform {
        AffineTransform(a: zoom, b: 0, c: 0, d: zoom, tx: offset.x, ty: offset.y)
    }

    /// Where a scene point lands on the canvas.
    public func canvasPoint(fromScene point: Point) -> Point { sceneToCanvas.apply(point) }

    /// The scene point under a canvas pixel position.
    public func scenePoint(fromCanvas point: Point) -> Point {
        Point(x: (point.x - offset.x) / zoom, y: (point.y - offset.y) / zoom)
    }

    /// The canvas corners of card `index` of `scene`, clockwise from its top-left.
    public func canvasCorners(of index: Int, in scene: Scene) -> [Point] {
        scene.corners(of: index).map(canvasPoint(fromScene:))
    }

    /// The topmost card of `scene` under a canvas position, or `nil`.
    public func cardIndex(atCanvas point: Point, in scene: Scene) -> Int? {
        scene.cardIndex(at: scenePoint(fromCanvas: point))
    }
}
