/// A card's size in millimetres, and the limits on sizes and resolutions.
public struct CardSize: Sendable, Hashable {
    /// The width in millimetres.
    public let width: Double
    /// The height in millimetres.
    public let height: Double

    /// Poker size: 63 × 88 mm (2.5 × 3.5 in).
    public static let poker = CardSize(unchecked: 63, 88)
    /// Bridge size: 57 × 89 mm (2.25 × 3.5 in).
    public static let bridge = CardSize(unchecked: 57, 89)
    /// The named sizes, for `render-card --size`.
    public static let named: [String: CardSize] = ["poker": poker, "bridge": bridge]

    /// The largest width or height of a card, 500 mm.
    public static let maximumMillimetres = 500.0
    /// The largest width or height of a raster image, 16,384 pixels.
    public static let maximumPixels = 16_384
    /// The largest raster image, 64 million pixels (256 MiB of pixels).
    public static let maximumArea = 64_000_000
    /// The resolutions accepted, in dots per inch.
    public static let resolutions: ClosedRange<Double> = 10...4800
    /// The bleeds accepted, in millimetres per side.
    public static let bleeds: ClosedRange<Double> = 0...20

    private init(unchecked width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    /// A card `width` × `height` millimetres.
    ///
    /// - Throws: ``RenderError`` (`invalidSize`) unless both are positive, finite and at most
    ///   ``maximumMillimetres``.
    public init(millimetres width: Double, _ height: Double) throws(RenderError) {
        for (name, value) in [("width", width), ("height", height)] {
            guard value.isFinite, value > 0, value <= Self.maximumMillimetres else {
                throw RenderError(.invalidSize, "card \(name) \(value) mm is not allowed: give a number above 0 and at most \(Int(Self.maximumMillimetres)) mm")
            }
        }
        self.init(unchecked: width, height)
    }

    /// A card whose image at `dpi` is `pixelWidth` × `pixelHeight` pixels; a missing side keeps
    /// the aspect ratio of `shape`.
    ///
    /// - Throws: ``RenderError`` (`invalidSize`) for a side of 0 or less, or above
    ///   ``maximumPixels``, or a resolution outside ``resolutions``.
    public init(pixelWidth: Int?, pixelHeight: Int?, dpi: Double, shape: CardSize = .poker) throws(RenderError) {
        try Self.check(dpi: dpi)
        for (name, value) in [("width", pixelWidth), ("height", pixelHeight)] {
            if let value, value <= 0 || value > Self.maximumPixels {
                throw RenderError(.invalidSize, "\(name) \(value) px is not allowed: give 1 to \(Self.maximumPixels) pixels")
            }
        }
        // The side not given keeps the shape; both sides are checked in pixels first.
        let width = pixelWidth.map(Double.init) ?? pixelHeight.map { Double($0) * shape.width / shape.height }
        let height = pixelHeight.map(Double.init) ?? pixelWidth.map { Double($0) * shape.height / shape.width }
        guard let width, let height else {
            self = shape
            return
        }
        for (name, value, given) in [("width", width, pixelWidth != nil), ("height", height, pixelHeight != nil)]
        where value.rounded() > Double(Self.maximumPixels) {
            throw RenderError(.invalidSize, "\(given ? "" : "the matching ")\(name) \(Int(value.rounded())) px is not allowed: each side must be 1 to \(Self.maximumPixels) pixels")
        }
        let mmPerPixel = 25.4 / dpi
        do {
            try self.init(millimetres: width * mmPerPixel, height * mmPerPixel)
        } catch {
            throw RenderError(.invalidSize, "\(Int(width.rounded())) × \(Int(height.rounded())) px at \(dpi.formatted) dpi is \(Int((width * mmPerPixel).rounded())) × \(Int((height * mmPerPixel).rounded())) mm: cards are at most \(Int(Self.maximumMillimetres)) mm a side; use fewer pixels or a higher --dpi")
        }
    }

    static func check(dpi: Double) throws(RenderError) {
        guard dpi.isFinite, resolutions.contains(dpi) else {
            throw RenderError(.invalidSize, "resolution \(dpi) dpi is not allowed: give \(Int(resolutions.lowerBound)) to \(Int(resolutions.upperBound)) dpi")
        }
    }

    /// The pixel size of an image of `width` × `height` millimetres at `dpi`, checked against the
    /// limits before anything is allocated.
    static func pixels(width: Double, height: Double, dpi: Double) throws(RenderError) -> (width: Int, height: Int) {
        try check(dpi: dpi)
        let w = (width * dpi / 25.4).rounded(), h = (height * dpi / 25.4).rounded()
        guard w >= 1, h >= 1, w <= Double(maximumPixels), h <= Double(maximumPixels) else {
            throw RenderError(.invalidSize, "an image of \(Int(w)) × \(Int(h)) px is not allowed: each side must be 1 to \(maximumPixels) px")
        }
        guard w * h <= Double(maximumArea) else {
            throw RenderError(.invalidSize, "an image of \(Int(w)) × \(Int(h)) px is too large: at most \(maximumArea / 1_000_000) million pixels")
        }
        return (Int(w), Int(h))
    }
}

extension Double {
    /// Whole numbers without a decimal point.
    var formatted: String { rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
