public import PlayingCardLayout
public import PlayingCardRendering
public import SnapshotTesting

extension Snapshotting where Value == Scene, Format == [UInt8] {
    /// A scene as PNG on a `width` × `height` canvas, fitted with the default margin.
    public static func image(_ renderer: SceneRenderer, width: Double, height: Double,
                             _ comparison: ImageComparison = ImageComparison()) -> Snapshotting {
        Snapshotting<[UInt8], [UInt8]>.png(comparison).pullback { scene in
            let view = SceneView(scene: scene, canvasWidth: width, canvasHeight: height)
            do {
                return try renderer.render(scene, in: view, as: .png)
            } catch {
                return Array("rendering the scene failed: \(error)".utf8)
            }
        }
    }
}

extension Snapshotting where Value == SpriteSheet, Format == [UInt8] {
    /// A sprite sheet's PNG image.
    public static func image(_ comparison: ImageComparison = ImageComparison()) -> Snapshotting {
        Snapshotting<[UInt8], [UInt8]>.png(comparison).pullback(\.image)
    }
}
