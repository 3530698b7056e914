import ArgumentParser
import PlayingCards
import PlayingCardLayout
import PlayingCardRendering

/// The options that choose how cards look, shared by every subcommand.
struct StyleOptions: ParsableArguments {
    @Option(help: "Card size: poker (63 × 88 mm), bridge (57 × 89 mm), or WxH in millimetres such as 70x120.")
    var size: String = "poker"

    @Option(help: "Image width in pixels (the height follows the size's shape unless --height is given).")
    var width: Int?

    @Option(help: "Image height in pixels.")
    var height: Int?

    @Option(help: "Resolution of PNG output, in dots per inch.")
    var dpi: Double = 300

    @Option(help: "Colours: \(Theme.builtIn.map(\.name).joined(separator: ", ")).")
    var theme: String = "classic"

    @Option(name: .customLong("suit-color"), help: "One suit's colour, e.g. D=#1f4eb4 (repeatable).")
    var suitColors: [String] = []

    @Option(help: "Pip layout: standard (as real cards) or classic (the original row table).")
    var pips: String = "standard"

    @Option(name: .customLong("face-scale"), help: "Zoom of court artwork, 0.3 to 1.0.")
    var faceScale: Double = 0.75

    @Option(help: "Corner index: standard or jumbo.")
    var index: String = "standard"

    @Option(help: "Corners with an index: 2 or 4.")
    var corners: Int = 2

    @Option(help: "Index letters: english, german (B D K), french (V D R), dutch (B V H), or a list like J=B,Q=D,K=K.")
    var letters: String = "english"

    @Option(name: .customLong("back-color"), help: "Colour of the card back: #rrggbb or a name.")
    var backColor: String?

    @Option(help: "Folder of your own art, any subset: QH.svg (one card), Q.png (a rank), X1/X2/joker, back; the rest stay built in.")
    var art: String?

    @Option(help: "Print bleed in millimetres on every side.")
    var bleed: Double = 0

    @Flag(inversion: .prefixedNo, help: "Draw the card's thin outline.")
    var border = true

    @Option(name: .customLong("svg-style"), help: "SVG output: compact (shapes reused) or flat (for design editors).")
    var svgStyle: String = "compact"

    @Option(name: .customLong("png-compression"), help: "PNG output: fast (quick to write) or small (smaller files, slower; same pixels).")
    var pngCompression: String = "fast"

    /// The style these options describe, or a usage error naming the bad option.
    func makeStyle() throws -> CardStyle {
        var style = CardStyle()
        guard let shape = try CardSize.named[size.lowercased()] ?? millimetres(size) else {
            throw ValidationError("--size '\(size)' is not a size: use poker, bridge, or WxH in millimetres such as 70x120 (or --width/--height in pixels)")
        }
        style.size = try usage { () throws(RenderError) in try CardSize(pixelWidth: width, pixelHeight: height, dpi: dpi, shape: shape) }
        style.dpi = dpi
        guard var theme = Theme.named(theme) else {
            throw ValidationError("--theme '\(self.theme)' is not a theme: use \(Theme.builtIn.map(\.name).joined(separator: ", "))")
        }
        for item in suitColors {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let suit = try? Suit(parsingLetter: parts[0]) else {
                throw ValidationError("--suit-color '\(item)' must be SUIT=COLOR with SUIT one of S H D C, e.g. D=#1f4eb4")
            }
            theme = theme.withColor(try usage { () throws(ColorError) in try Color(parsing: parts[1]) }, for: suit)
        }
        style.theme = theme
        guard let pipLayout = PipLayout(rawValue: pips.lowercased()) else {
            throw ValidationError("--pips '\(pips)' is not a pip layout: use standard or classic")
        }
        style.pips = pipLayout
        guard faceScale.isFinite, (0.3...1.0).contains(faceScale) else {
            throw ValidationError("--face-scale \(faceScale) is outside 0.3–1.0")
        }
        style.faceScale = faceScale
        guard let indexSize = IndexSize(rawValue: index.lowercased()) else {
            throw ValidationError("--index '\(index)' is not an index size: use standard or jumbo")
        }
        style.index = indexSize
        guard let cornerCount = IndexCorners(rawValue: corners) else {
            throw ValidationError("--corners \(corners) is not allowed: use 2 or 4")
        }
        style.corners = cornerCount
        style.letters = try usage { () throws(IndexLettersError) in try IndexLetters(parsing: letters) }
        if let backColor { style.backColor = try usage { () throws(ColorError) in try Color(parsing: backColor) } }
        if let art { style.artwork = .folder(art) }
        style.bleed = bleed
        style.border = border
        guard let svg = SVGStyle(rawValue: svgStyle.lowercased()) else {
            throw ValidationError("--svg-style '\(svgStyle)' is not an SVG style: use compact or flat")
        }
        style.svgStyle = svg
        guard let compression = PNGCompression(rawValue: pngCompression.lowercased()) else {
            throw ValidationError("--png-compression '\(pngCompression)' is not a PNG compression: use fast or small")
        }
        style.pngCompression = compression
        return style
    }

    /// A size written `WxH` in millimetres, or `nil` when the text is not of that form.
    private func millimetres(_ text: String) throws -> CardSize? {
        var lowered = text.lowercased()
        if lowered.hasSuffix("mm") { lowered.removeLast(2) }
        let parts = lowered.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        return try usage { () throws(RenderError) in try CardSize(millimetres: width, height) }
    }

    /// Runs `body`, turning its error into a usage error with the same message.
    private func usage<T, E: Error & CustomStringConvertible>(_ body: () throws(E) -> T) throws -> T {
        do { return try body() } catch { throw ValidationError(error.description) }
    }
}

extension Suit {
    init(parsingLetter letter: String) throws {
        guard let suit = Suit.allCases.first(where: { String($0.letter) == letter.uppercased() }) else {
            throw ValidationError("'\(letter)' is not a suit letter")
        }
        self = suit
    }
}
