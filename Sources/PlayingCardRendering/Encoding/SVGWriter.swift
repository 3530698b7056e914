import PlayingCardLayout

/// How SVG output is written.
public enum SVGStyle: String, Sendable, Hashable, CaseIterable {
    /// Each repeated shape (pip, index, artwork) is defined once and drawn with `<use>`: the
    /// smallest files, for the web.
    case compact
    /// Every shape written out in place, with no `<symbol>` or `<use>`: for design editors
    /// (Figma, Affinity, Inkscape) that mishandle references.
    case flat
}

/// Writes a ``Drawing`` as an SVG document in millimetres, with a viewBox and a title.
struct SVGWriter {
    let drawing: Drawing
    let style: SVGStyle
    private var clips: [String] = []
    private var body = ""
    private let symbols: [String: [Drawing.Item]]

    static func document(_ drawing: Drawing, style: SVGStyle) -> String {
        var writer = SVGWriter(drawing: drawing, style: style)
        return writer.write()
    }

    private init(drawing: Drawing, style: SVGStyle) {
        self.drawing = drawing
        self.style = style
        var symbols: [String: [Drawing.Item]] = [:]
        for symbol in drawing.symbols { symbols[symbol.id] = symbol.items }
        self.symbols = symbols
    }

    private mutating func write() -> String {
        let (w, h) = (Self.number(drawing.width), Self.number(drawing.height))
        var defs = ""
        if style == .compact {
            for symbol in drawing.symbols {
                body = ""
                if symbol.items.count == 1, case .path = symbol.items[0] {
                    emit(symbol.items[0], transform: .identity, id: symbol.id)
                } else {
                    body += "<g id=\"\(symbol.id)\">"
                    for item in symbol.items { emit(item, transform: .identity) }
                    body += "</g>"
                }
                defs += body
            }
        }
        body = ""
        for item in drawing.items { emit(item, transform: .identity) }
        defs += clips.joined()
        let unit = drawing.unit == .millimetre ? "mm" : ""
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\(unit)\" height=\"\(h)\(unit)\" viewBox=\"0 0 \(w) \(h)\""
        svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\"><title>\(Self.escape(drawing.title))</title>"
        if !defs.isEmpty { svg += "<defs>\(defs)</defs>" }
        return svg + body + "</svg>\n"
    }

    /// Writes one item. In flat style `transform` is the position so far, baked into the
    /// coordinates; in compact style it stays the identity and transforms are attributes.
    private mutating func emit(_ item: Drawing.Item, transform: AffineTransform, id: String? = nil) {
        switch item {
        case .path(let path, let fill, let stroke):
            let scale = Self.scale(of: transform)
            body += "<path\(id.map { " id=\"\($0)\"" } ?? "") d=\"\(Self.data(path.applying(transform)))\""
            body += Self.paint(fill: fill, stroke: stroke, scale: scale) + "/>"
        case .roundedRectangle(let rect, let radius, let fill, let stroke):
            if transform == .identity {
                body += "<rect x=\"\(Self.number(rect.origin.x))\" y=\"\(Self.number(rect.origin.y))\" width=\"\(Self.number(rect.width))\" height=\"\(Self.number(rect.height))\""
                if radius > 0 { body += " rx=\"\(Self.number(radius))\"" }
                body += Self.paint(fill: fill, stroke: stroke, scale: 1) + "/>"
            } else {
                emit(.path(.roundedRectangle(rect, radius: radius), fill: fill, stroke: stroke), transform: transform)
            }
        case .use(let symbolID, let placement):
            if style == .compact {
                body += "<use href=\"#\(symbolID)\"\(Self.transformAttribute(placement))/>"
            } else {
                for content in symbols[symbolID] ?? [] { emit(content, transform: placement.concatenating(transform)) }
            }
        case .group(let content, let placement, let clip):
            let inner = style == .compact ? AffineTransform.identity : placement.concatenating(transform)
            body += "<g"
            if style == .compact { body += Self.transformAttribute(placement) }
            if let clip {
                let clipID = "c\(clips.count)"
                clips.append("<clipPath id=\"\(clipID)\"><path d=\"\(Self.data(clip.applying(inner)))\"/></clipPath>")
                body += " clip-path=\"url(#\(clipID))\""
            }
            body += ">"
            for item in content { emit(item, transform: inner) }
            body += "</g>"
        case .doubleEnded(let content, let half, let center):
            let turn = AffineTransform.rotation(.pi, about: center)
            emit(.group(content, transform: .identity, clip: .rectangle(half)), transform: transform)
            emit(.group(content, transform: turn, clip: .rectangle(half)), transform: transform)
        case .image(let image, let frame):
            let type = image.format == .png ? "image/png" : "image/svg+xml"
            body += "<image\(Self.transformAttribute(transform)) x=\"\(Self.number(frame.origin.x))\" y=\"\(Self.number(frame.origin.y))\" width=\"\(Self.number(frame.width))\" height=\"\(Self.number(frame.height))\" href=\"data:\(type);base64,\(Base64.encode(image.bytes))\"/>"
        }
    }

    private static func paint(fill: Color?, stroke: Drawing.Stroke?, scale: Double) -> String {
        var text = " fill=\"\(fill.map(color) ?? "none")\""
        if let stroke {
            text += " stroke=\"\(color(stroke.color))\" stroke-width=\"\(number(stroke.width * scale))\""
        }
        return text
    }

    private static func transformAttribute(_ t: AffineTransform) -> String {
        if t == .identity { return "" }
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 { return " transform=\"translate(\(number(t.tx)) \(number(t.ty)))\"" }
        return " transform=\"matrix(\([t.a, t.b, t.c, t.d].map { number($0, places: 5) }.joined(separator: " ")) \(number(t.tx)) \(number(t.ty)))\""
    }

    /// How much a transform scales lengths (for stroke widths baked into flat output).
    private static func scale(of t: AffineTransform) -> Double { abs(t.a * t.d - t.b * t.c).squareRoot() }

    /// `#rgb` when the colour allows it, else `#rrggbb`; alpha becomes `#rrggbbaa`.
    static func color(_ color: Color) -> String {
        let text = color.description
        let d = Array(text)
        if d.count == 7, d[1] == d[2], d[3] == d[4], d[5] == d[6] { return String([d[0], d[1], d[3], d[5]]) }
        return text
    }

    /// Path data with absolute commands and the fewest characters: no space before a minus sign.
    static func data(_ path: Path) -> String {
        var text = ""
        var afterNumber = false, lastHadPoint = false
        func add(_ values: [Double]) {
            for value in values {
                let formatted = number(value)
                // A separator is needed only where the next number would run into the last.
                let merges = afterNumber && !formatted.hasPrefix("-") && !(formatted.hasPrefix(".") && lastHadPoint)
                if merges { text += " " }
                text += formatted
                afterNumber = true
                lastHadPoint = formatted.contains(".")
            }
        }
        func command(_ letter: String) {
            text += letter
            afterNumber = false
        }
        for element in path.elements {
            switch element {
            case .move(let p): command("M"); add([p.x, p.y])
            case .line(let p): command("L"); add([p.x, p.y])
            case .curve(let c1, let c2, let p): command("C"); add([c1.x, c1.y, c2.x, c2.y, p.x, p.y])
            case .close: command("Z")
            }
        }
        return text
    }

    /// A number with at most `places` decimals, no trailing zeros, no leading zero before the point.
    static func number(_ value: Double, places: Int = 2) -> String {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        let scaled = (value * factor).rounded()
        if scaled == 0 { return "0" }
        let negative = scaled < 0
        var digits = String(Int64(abs(scaled)))
        if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
        var whole = String(digits.dropLast(places))
        var fraction = String(digits.suffix(places))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole == "0" { whole = "" }
        let text = fraction.isEmpty ? (whole.isEmpty ? "0" : whole) : whole + "." + fraction
        return negative ? "-" + text : text
    }

    static func escape(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}

/// Base64 for data URIs.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int((n >> 12) & 63)], alphabet[Int((n >> 6) & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18)], alphabet[Int((n >> 12) & 63)]]
            out += rest == 2 ? [alphabet[Int((n >> 6) & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
