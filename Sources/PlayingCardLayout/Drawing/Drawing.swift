/// A picture as a list of shapes: what the layout produces and every backend draws.
///
/// Coordinates are in the drawing's units (millimetres for cards), y pointing down. Shapes that
/// repeat (a pip, an index, a court's artwork) are ``Symbol``s drawn with ``Item/use(_:transform:)``,
/// so that a backend can define them once (compact SVG) or draw them out in full (raster, PDF,
/// flat SVG).
public struct Drawing: Sendable, Hashable {
    /// The unit of a drawing's coordinates, which says how big it is on paper or screen.
    public enum Unit: String, Sendable, Hashable {
        /// Millimetres: cards and print pages.
        case millimetre
        /// Pixels (CSS pixels, 96 to the inch): scenes and sprite sheets.
        case pixel
    }

    /// The unit of the coordinates.
    public var unit: Unit = .millimetre
    /// The canvas width.
    public var width: Double
    /// The canvas height.
    public var height: Double
    /// A title for the picture, such as "Queen of Hearts".
    public var title: String
    /// The shapes that ``items`` may use, each with an identifier unique in the drawing.
    public var symbols: [Symbol]
    /// The shapes, drawn in order.
    public var items: [Item]
    /// How many drawings `place(_:transform:clip:)` has added, for their symbols' prefixes.
    var placedDrawings = 0

    /// A drawing from its parts.
    public init(width: Double, height: Double, title: String, symbols: [Symbol] = [], items: [Item] = []) {
        self.width = width
        self.height = height
        self.title = title
        self.symbols = symbols
        self.items = items
    }

    /// The symbol called `id`.
    public func symbol(_ id: String) -> Symbol? { symbols.first { $0.id == id } }

    /// A stroke: its colour and width.
    public struct Stroke: Sendable, Hashable {
        /// The colour.
        public var color: Color
        /// The width, in the units of the shape it outlines.
        public var width: Double

        /// A stroke from its colour and width.
        public init(color: Color, width: Double) {
            self.color = color
            self.width = width
        }
    }

    /// A group of shapes defined once and drawn wherever an item uses it.
    public struct Symbol: Sendable, Hashable {
        /// The identifier, unique in the drawing.
        public var id: String
        /// The shapes, in the symbol's own coordinates.
        public var items: [Item]

        /// A symbol from its identifier and shapes.
        public init(id: String, items: [Item]) {
            self.id = id
            self.items = items
        }
    }

    /// One thing to draw.
    public indirect enum Item: Sendable, Hashable {
        /// A path, filled (non-zero winding) and then stroked with round caps and joins.
        case path(Path, fill: Color?, stroke: Stroke?)
        /// A rectangle with rounded corners, filled and then stroked.
        case roundedRectangle(Rect, radius: Double, fill: Color?, stroke: Stroke?)
        /// A symbol, drawn under `transform`.
        case use(String, transform: AffineTransform)
        /// Shapes drawn under `transform`, clipped to `clip` (in the group's transformed
        /// coordinates) when one is given.
        case group([Item], transform: AffineTransform, clip: Path?)
        /// Shapes drawn clipped to `half`, then drawn again turned 180° about `center` (clipped to
        /// the turned `half`): a double-ended court card. Backends may draw the shapes once and
        /// copy them.
        case doubleEnded([Item], half: Rect, center: Point)
        /// An image the user supplied, scaled to fit `frame` with its aspect ratio kept and centred.
        case image(ArtworkImage, frame: Rect)
    }
}

/// An image file the user supplied as artwork: PNG or SVG bytes, decoded by a backend.
public struct ArtworkImage: Sendable, Hashable {
    /// The file formats accepted.
    public enum Format: String, Sendable, Hashable {
        /// A PNG image.
        case png
        /// An SVG document.
        case svg
    }

    /// Where the image came from, for messages.
    public var name: String
    /// The file's format.
    public var format: Format
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The image's own width and height, in its units (pixels for PNG).
    public var width, height: Double

    /// An image from its bytes and intrinsic size.
    public init(name: String, format: Format, bytes: [UInt8], width: Double, height: Double) {
        self.name = name
        self.format = format
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}
