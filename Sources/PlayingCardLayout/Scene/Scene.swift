public import PlayingCards

/// Cards placed on a table: each with its own transform, face up or down, in scene units
/// (millimetres, like the cards themselves), y pointing down.
///
/// Make one with a layout (``row(_:cardSize:overlap:)``, ``fan(_:cardSize:spread:)``,
/// ``stack(_:cardSize:)``, ``grid(_:cardSize:columns:gap:)``, ``table(_:cardSize:)``) or place
/// cards yourself; show it on a canvas with a ``SceneView``.
public struct Scene: Sendable, Hashable {
    /// One card on the table.
    public struct Placement: Sendable, Hashable {
        /// The card.
        public var card: PlayingCard
        /// Whether its face shows.
        public var faceUp: Bool
        /// Where the card's own coordinates (0…width, 0…height) go in the scene: position,
        /// rotation and scale.
        public var transform: AffineTransform

        /// A placement from its parts.
        public init(card: PlayingCard, faceUp: Bool = true, transform: AffineTransform) {
            self.card = card
            self.faceUp = faceUp
            self.transform = transform
        }
    }

    /// The size of every card, in scene units.
    public var cardWidth, cardHeight: Double
    /// The cards, drawn in order (later ones on top).
    public var placements: [Placement]

    /// A scene of cards `cardWidth` × `cardHeight` in size.
    public init(cardWidth: Double, cardHeight: Double, placements: [Placement] = []) {
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.placements = placements
    }

    /// The four corners of card `index` in the scene, clockwise from its top-left.
    public func corners(of index: Int) -> [Point] {
        let t = placements[index].transform
        return [Point(x: 0, y: 0), Point(x: cardWidth, y: 0), Point(x: cardWidth, y: cardHeight), Point(x: 0, y: cardHeight)]
            .map(t.apply)
    }

    /// The smallest axis-aligned rectangle holding every card, or `nil` for an empty scene.
    public var bounds: Rect? {
        guard !placements.isEmpty else { return nil }
        let points = placements.indices.flatMap(corners(of:))
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The topmost card whose outline contains `point` (scene units), or `nil`.
    public func cardIndex(at point: Point) -> Int? {
        placements.indices.reversed().first { index in
            guard let inverse = placements[index].transform.inverted() else { return false }
            let local = inverse.apply(point)
            return local.x >= 0 && local.x <= cardWidth && local.y >= 0 && local.y <= cardHeight
        }
    }

    /// Turns the first `count` cards face down (hole cards).
    public func faceDown(first count: Int) -> Scene {
        var scene = self
        for i in scene.placements.indices where i < count { scene.placements[i].faceUp = false }
        return scene
    }
}

extension AffineTransform {
    /// The transform that undoes this one, or `nil` when it squashes the plane flat.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// A rotation by `angle` radians about `center`.
    public static func rotation(_ angle: Double, about center: Point) -> AffineTransform {
        AffineTransform.translation(x: -center.x, y: -center.y).concatenating(.rotation(angle))
            .concatenating(.translation(x: center.x, y: center.y))
    }
}
