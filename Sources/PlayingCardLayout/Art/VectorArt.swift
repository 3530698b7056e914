/// Vector artwork read from a small subset of SVG: the format of the project's own court, joker
/// and back designs in `Assets/`.
///
/// The subset: one `<svg>` with a `viewBox`, then `<path>`, `<circle>`, `<ellipse>` and `<rect>`
/// elements with `fill`, `stroke` and `stroke-width` attributes. A paint of `currentColor` is the
/// accent: the suit's colour on a court card, the joker's colour, the back's colour. Anything else
/// (groups, transforms, gradients, text) is refused, so the designs stay simple enough to
/// write out as compact SVG and to draw quickly.
public struct VectorArt: Sendable, Hashable {
    /// A fill or stroke colour.
    public enum Paint: Sendable, Hashable {
        /// A fixed colour.
        case color(Color)
        /// The accent colour chosen when the art is drawn (`currentColor` in the file).
        case accent
    }

    /// One shape of the artwork.
    public struct Shape: Sendable, Hashable {
        /// The outline, in viewBox units.
        public var path: Path
        /// The fill, if any.
        public var fill: Paint?
        /// The stroke, if any.
        public var stroke: Paint?
        /// The stroke width, in viewBox units.
        public var strokeWidth: Double
    }

    /// The area of the artwork, in its own units.
    public var viewBox: Rect {
        get { content.viewBox }
        set { storage = .parsed(Content(viewBox: newValue, shapes: content.shapes)) }
    }
    /// The shapes, drawn in order.
    public var shapes: [Shape] {
        get { content.shapes }
        set { storage = .parsed(Content(viewBox: content.viewBox, shapes: newValue)) }
    }

    /// What a picture is made of, once it has been read.
    struct Content: Sendable, Hashable {
        var viewBox: Rect
        var shapes: [Shape]
    }

    /// The picture, or how to get it when it is first needed (see `VectorArt+Deferred.swift`).
    enum Storage: Sendable {
        case parsed(Content)
        case deferred(@Sendable () -> VectorArt)
    }

    var storage: Storage

    var content: Content {
        switch storage {
        case .parsed(let content): content
        case .deferred(let load): load().content
        }
    }

    /// The shapes as drawing items, with the accent paint replaced by `accent`.
    public func items(accent: Color) -> [Drawing.Item] {
        shapes.map { shape in
            func resolve(_ paint: Paint?) -> Color? {
                switch paint {
                case .color(let color): color
                case .accent: accent
                case nil: nil
                }
            }
            return .path(shape.path, fill: resolve(shape.fill),
                         stroke: resolve(shape.stroke).map { Drawing.Stroke(color: $0, width: shape.strokeWidth) })
        }
    }

    /// Reads artwork written in the subset described above.
    ///
    /// - Throws: ``VectorArtError`` naming the element or attribute that is not in the subset.
    public init(svg text: String) throws(VectorArtError) {
        var viewBox: Rect? = nil
        var shapes: [Shape] = []
        for tag in try XMLTagScanner.tags(in: text) {
            switch tag.name {
            case "svg":
                let numbers = (tag.attributes["viewBox"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
                guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                    throw VectorArtError("the <svg> element needs a viewBox of four numbers with a positive width and height")
                }
                viewBox = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            case "path", "circle", "ellipse", "rect":
                shapes.append(try Self.shape(from: tag))
            case "title", "desc", "metadata":
                continue
            default:
                throw VectorArtError("<\(tag.name)> is not part of the artwork subset (path, circle, ellipse, rect)")
            }
        }
        guard let viewBox else { throw VectorArtError("no <svg> element with a viewBox") }
        storage = .parsed(Content(viewBox: viewBox, shapes: shapes))
    }

    /// The attributes a shape element may have.
    private static let shapeAttributes: Set<String> = ["d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "fill", "stroke", "stroke-width", "id"]

    private static func shape(from tag: XMLTagScanner.Tag) throws(VectorArtError) -> Shape {
        func number(_ key: String, default value: Double? = nil) throws(VectorArtError) -> Double {
            if let text = tag.attributes[key], let number = Double(text), number.isFinite { return number }
            if let value, tag.attributes[key] == nil { return value }
            throw VectorArtError("<\(tag.name)> needs a number for \(key)")
        }
        let path: Path
        switch tag.name {
        case "path":
            do { path = try Path(svgData: tag.attributes["d"] ?? "") } catch { throw VectorArtError("<path>: \(error)") }
        case "circle":
            let r = try number("r")
            path = .ellipse(center: Point(x: try number("cx", default: 0), y: try number("cy", default: 0)), radiusX: r, radiusY: r)
        case "ellipse":
            path = .ellipse(center: Point(x: try number("cx", default: 0), y: try number("cy", default: 0)),
                            radiusX: try number("rx"), radiusY: try number("ry"))
        default:
            let rect = Rect(x: try number("x", default: 0), y: try number("y", default: 0), width: try number("width"), height: try number("height"))
            path = .roundedRectangle(rect, radius: try number("rx", default: 0))
        }
        for key in tag.attributes.keys where !shapeAttributes.contains(key) {
            throw VectorArtError("<\(tag.name)> attribute \(key) is not part of the artwork subset")
        }
        return Shape(path: path, fill: try paint(tag.attributes["fill"] ?? "#000"), stroke: try paint(tag.attributes["stroke"] ?? "none"),
                     strokeWidth: try number("stroke-width", default: 1))
    }

    private static func paint(_ text: String) throws(VectorArtError) -> Paint? {
        switch text {
        case "none": return nil
        case "currentColor": return .accent
        default:
            do { return .color(try Color(parsing: text)) } catch { throw VectorArtError("\(error)") }
        }
    }
}

/// Artwork that is not in the subset ``VectorArt`` reads.
public struct VectorArtError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    init(_ description: String) { self.description = description }
}

/// Splits XML text into its element tags; enough for the artwork subset. Works on UTF-8 bytes,
/// since the built-in art is parsed every time a program starts.
enum XMLTagScanner {
    struct Tag {
        var name: String
        var attributes: [String: String]
    }

    static func tags(in text: String) throws(VectorArtError) -> [Tag] {
        let bytes = Array(text.utf8)
        var tags: [Tag] = []
        var i = 0
        let n = bytes.count
        // Compares in place: this runs at every byte of a comment, and the art's comments are long.
        func starts(with prefix: String, at index: Int) -> Bool {
            var k = index
            for byte in prefix.utf8 {
                guard k < n, bytes[k] == byte else { return false }
                k += 1
            }
            return true
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts(with: "<!--", at: i) {
                var end = i + 4
                while end < n, !starts(with: "-->", at: end) { end += 1 }
                guard end < n else { throw VectorArtError("a comment is not closed") }
                i = end + 3
                continue
            }
            guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { throw VectorArtError("a tag is not closed") }
            let first = bytes[i + 1]
            if first != UInt8(ascii: "?") && first != UInt8(ascii: "/") && first != UInt8(ascii: "!") {
                var end = close
                if bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
                tags.append(try parse(bytes[(i + 1)..<end]))
            }
            i = close + 1
        }
        return tags
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    private static func parse(_ body: ArraySlice<UInt8>) throws(VectorArtError) -> Tag {
        var i = body.startIndex
        let end = body.endIndex
        while i < end, isSpace(body[i]) { i += 1 }
        let nameStart = i
        while i < end, !isSpace(body[i]) { i += 1 }
        let name = String(decoding: body[nameStart..<i], as: UTF8.self)
        var attributes: [String: String] = [:]
        while true {
            while i < end, isSpace(body[i]) { i += 1 }
            guard i < end else { break }
            let keyStart = i
            while i < end, body[i] != UInt8(ascii: "="), !isSpace(body[i]) { i += 1 }
            let key = String(decoding: body[keyStart..<i], as: UTF8.self)
            while i < end, isSpace(body[i]) { i += 1 }
            guard i < end, body[i] == UInt8(ascii: "=") else { throw VectorArtError("<\(name)> attribute \(key) has no value") }
            i += 1
            while i < end, isSpace(body[i]) { i += 1 }
            guard i < end, body[i] == UInt8(ascii: "\"") || body[i] == UInt8(ascii: "'") else {
                throw VectorArtError("<\(name)> attribute \(key) is not quoted")
            }
            let quote = body[i]
            i += 1
            let valueStart = i
            while i < end, body[i] != quote { i += 1 }
            guard i < end else { throw VectorArtError("<\(name)> attribute \(key) is not closed") }
            let value = String(decoding: body[valueStart..<i], as: UTF8.self)
            i += 1
            if !key.hasPrefix("xmlns") && !key.hasPrefix("xml:") { attributes[key] = value }
        }
        return Tag(name: name, attributes: attributes)
    }
}
