import Dispatch
public import PlayingCardLayout
import Synchronization

/// Every card in one image, and an atlas saying where each is.
public struct SpriteSheet: Sendable {
    /// The image: PNG or SVG bytes.
    public let image: [UInt8]
    /// Where each card sits.
    public let layout: SpriteSheetLayout
    /// The cards, in sheet order.
    public let sides: [CardSide]

    /// The atlas as JSON in the TexturePacker "JSON (Hash)" shape that game engines (Phaser,
    /// PixiJS, Cocos, Godot importers) read: `frames` maps each card code to its pixel rectangle;
    /// `meta` gives the image name and the sheet size.
    public func atlasJSON(imageName: String) -> String {
        var json = "{\n  \"frames\": {\n"
        for (index, side) in sides.enumerated() {
            let f = layout.frame(of: index)
            json += "    \"\(side.code)\": {\"frame\": {\"x\": \(f.x), \"y\": \(f.y), \"w\": \(f.width), \"h\": \(f.height)}, "
            json += "\"rotated\": false, \"trimmed\": false, \"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": \(f.width), \"h\": \(f.height)}, "
            json += "\"sourceSize\": {\"w\": \(f.width), \"h\": \(f.height)}}\(index == sides.count - 1 ? "" : ",")\n"
        }
        json += "  },\n  \"meta\": {\"app\": \"swift-playing-cards render-card\", \"version\": \"1.0\", "
        json += "\"image\": \"\(Self.escaped(imageName))\", \"format\": \"RGBA8888\", "
        json += "\"size\": {\"w\": \(layout.width), \"h\": \(layout.height)}, \"scale\": \"1\"}\n}\n"
        return json
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension CardRenderer {
    /// A sprite sheet of `sides`, each card exactly as a single render draws it at this style's
    /// size (the PNG's cells are the single-card images, pixel for pixel).
    ///
    /// - Parameters:
    ///   - sides: the cards (and backs), in sheet order.
    ///   - columns: cards in a row.
    ///   - padding: transparent pixels between cards.
    ///   - format: PNG, or SVG/PDF with each card as vectors.
    ///   - progress: called with the number of cards drawn so far, from any thread.
    public func spriteSheet(_ sides: [CardSide], columns: Int = 13, padding: Int = 2, as format: ImageFormat,
                            progress: (@Sendable (Int) -> Void)? = nil) throws(RenderError) -> SpriteSheet {
        guard !sides.isEmpty else { throw RenderError(.invalidStyle, "a sprite sheet needs at least one card") }
        guard columns >= 1 else { throw RenderError(.invalidStyle, "--columns must be 1 or more, not \(columns)") }
        let cell = pixelSize
        let layout = SpriteSheetLayout(count: sides.count, cellWidth: cell.width, cellHeight: cell.height, columns: columns, padding: padding)
        guard layout.width <= CardSize.maximumPixels, layout.height <= CardSize.maximumPixels,
              layout.width * layout.height <= CardSize.maximumArea else {
            throw RenderError(.invalidSize, "a sheet of \(layout.width) × \(layout.height) px is too large: each side at most \(CardSize.maximumPixels) px and \(CardSize.maximumArea / 1_000_000) million pixels; use smaller cards or other --columns")
        }
        switch format {
        case .png:
            let images = try renderAll(sides, progress: progress)
            var pixels = [UInt32](repeating: 0, count: layout.width * layout.height)
            for (index, image) in images.enumerated() {
                let f = layout.frame(of: index)
                for row in 0..<image.height {
                    let source = row * image.width, target = (f.y + row) * layout.width + f.x
                    pixels.replaceSubrange(target..<target + image.width, with: image.pixels[source..<source + image.width])
                }
            }
            let sheet = RasterImage(width: layout.width, height: layout.height, pixels: pixels)
            return SpriteSheet(image: sheet.pngData(compression: style.pngCompression), layout: layout, sides: sides)
        case .svg, .pdf:
            var drawing = Drawing(width: Double(layout.width), height: Double(layout.height), title: "Sprite sheet")
            drawing.unit = .pixel
            for (index, side) in sides.enumerated() {
                let card = self.drawing(of: side)
                let f = layout.frame(of: index)
                drawing.place(card, transform: AffineTransform.scale(x: Double(f.width) / card.width, y: Double(f.height) / card.height)
                    .concatenating(.translation(x: Double(f.x), y: Double(f.y))))
                progress?(index + 1)
            }
            let bytes = format == .svg ? Array(SVGWriter.document(drawing, style: style.svgStyle).utf8) : try CairoOutput.pdf(drawing)
            return SpriteSheet(image: bytes, layout: layout, sides: sides)
        }
    }

    /// Rasterizes every side on all cores; the first error wins.
    func renderAll(_ sides: [CardSide], progress: (@Sendable (Int) -> Void)?) throws(RenderError) -> [RasterImage] {
        try inParallel(sides.count, progress: progress) { i throws(RenderError) in try rasterize(drawing(of: sides[i])) }
    }
}

/// Runs `body` for 0..<count on all cores and collects the results in order; reports progress
/// after each; the first error (in index order) is thrown.
func inParallel<T: Sendable>(_ count: Int, progress: (@Sendable (Int) -> Void)?,
                             _ body: @Sendable (Int) throws(RenderError) -> T) throws(RenderError) -> [T] {
    let results = Mutex<(done: Int, values: [Result<T, RenderError>?])>((0, Array(repeating: nil, count: count)))
    DispatchQueue.concurrentPerform(iterations: count) { i in
        let result = Result { () throws(RenderError) in try body(i) }
        let done = results.withLock { state in
            state.values[i] = result
            state.done += 1
            return state.done
        }
        progress?(done)
    }
    var values: [T] = []
    for result in results.withLock({ $0.values }) { values.append(try result!.get()) }
    return values
}
