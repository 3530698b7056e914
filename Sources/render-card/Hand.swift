import ArgumentParser
import PlayingCards
import PlayingCardLayout
import PlayingCardRendering

/// `render-card hand AS KD 10H -o hand.png`: cards laid out on a table in one picture.
struct Hand: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render cards laid out together: a fan, a row, a stack, a grid or a table.",
        discussion: """
            A "/" between cards starts another group: with --layout table the first group runs
            along the top (the dealer) and the others sit side by side below it.

            Examples:
              render-card hand AS KD 10H -o hand.png
              render-card hand AS KD 10H 9C 2S -o fan.png --layout fan --canvas 1200x800
              render-card hand 7S 8S 9S --layout row --background table.png -o row.png
              render-card hand QS QD / AS KS / 2H 2D --layout table --face-down 1 -o table.svg
            """
    )

    @Argument(help: "Card codes such as AS KD 10H; \"/\" separates groups.")
    var codes: [String] = []

    @Option(name: [.short, .customLong("output")], help: "The file to write; - writes to standard output; required.")
    var output: String?

    @Option(help: "png, svg or pdf; by default from the file's extension.")
    var format: String?

    @Option(help: "fan, row, stack, grid or table.")
    var layout: String = "fan"

    @Option(help: "Canvas size in pixels, WxH.")
    var canvas: String = "1200x800"

    @Option(help: "A colour (#rrggbb, a name, or 'none' for transparent) or a .png/.svg file scaled to fill.")
    var background: String = "#1e5c3a"

    @Option(help: "Zoom in canvas pixels per millimetre (\(SceneView.zoomRange.lowerBound)–\(Int(SceneView.zoomRange.upperBound))); by default the cards fit the canvas.")
    var zoom: Double?

    @Option(help: "Move the cards on the canvas by X,Y pixels after centring.")
    var pan: String = "0,0"

    @Option(name: .customLong("face-down"), help: "How many of the first cards (of each group) lie face down.")
    var faceDown: Int = 0

    @OptionGroup(title: "Style") var style: StyleOptions

    func run() throws {
        let output = try required(output, "-o FILE", example: "render-card hand AS KD 10H -o hand.png")
        let groups = try parseGroups()
        let format = try resolveFormat(output: output, explicit: self.format)
        let (width, height) = try parseSize(canvas, option: "--canvas")
        guard faceDown >= 0 else { throw ValidationError("--face-down must be 0 or more, not \(faceDown)") }
        let panParts = pan.split(separator: ",").compactMap { Double($0) }
        guard panParts.count == 2, panParts.allSatisfy(\.isFinite) else { throw ValidationError("--pan '\(pan)' must be X,Y in pixels, e.g. 0,-40") }
        if let zoom, !(zoom.isFinite && zoom > 0) { throw ValidationError("--zoom \(zoom) must be a positive number") }
        let layoutName = layout.lowercased()
        guard layoutName == "table" || Scene.Layout(rawValue: layoutName) != nil else {
            throw ValidationError("--layout '\(layout)' is not a layout: use fan, row, stack, grid or table")
        }
        let style = try style.makeStyle()
        try reportingFailures {
            let backgroundChoice: SceneBackground
            if background.lowercased() == "none" {
                backgroundChoice = .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
            } else if let color = try? Color(parsing: background) {
                backgroundChoice = .color(color)
            } else if background.lowercased().hasSuffix(".png") || background.lowercased().hasSuffix(".svg") {
                backgroundChoice = try SceneBackground.load(path: background)
            } else {
                throw Failure(usage: "--background '\(background)' is neither a colour (#rrggbb, a name, none) nor a .png or .svg file")
            }
            let cards = try CardRenderer(style: style)
            let size = (cards.layout.width, cards.layout.height)
            let scene: Scene
            if layoutName == "table" {
                let named = groups.enumerated().map { i, group in
                    Scene.Group(name: i == 0 ? "dealer" : "player \(i)", cards: group, layout: .row, faceDown: faceDown)
                }
                scene = Scene.table(named, cardSize: size).scene
            } else {
                scene = Scene.layout(groups.flatMap { $0 }, as: Scene.Layout(rawValue: layoutName)!, cardSize: size).faceDown(first: faceDown)
            }
            let view = SceneView(scene: scene, canvasWidth: Double(width), canvasHeight: Double(height), zoom: zoom,
                                 pan: Point(x: panParts[0], y: panParts[1]))
            let bytes = try SceneRenderer(cards: cards, background: backgroundChoice).render(scene, in: view, as: format)
            try writeSingle(bytes, to: output)
        }
    }

    private func parseGroups() throws -> [[PlayingCard]] {
        var groups: [[PlayingCard]] = [[]]
        for code in codes {
            if code == "/" { groups.append([]); continue }
            guard case .face(let card) = try CardSide(parsing: code) else {
                throw ValidationError("'back' is not a card here: use --face-down to show backs")
            }
            groups[groups.count - 1].append(card)
        }
        guard groups.allSatisfy({ !$0.isEmpty }) else {
            throw ValidationError("give at least one card code (and at least one on each side of every /), e.g. render-card hand AS KD 10H -o hand.png")
        }
        return groups
    }
}

/// Reads `WxH` in whole pixels.
func parseSize(_ text: String, option: String) throws -> (Int, Int) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
        throw ValidationError("\(option) '\(text)' must be WxH in pixels, e.g. 1200x800")
    }
    guard (1...CardSize.maximumPixels).contains(width), (1...CardSize.maximumPixels).contains(height),
          width * height <= CardSize.maximumArea else {
        throw ValidationError("\(option) \(text) is not allowed: each side 1 to \(CardSize.maximumPixels) px, at most \(CardSize.maximumArea / 1_000_000) million pixels")
    }
    return (width, height)
}

/// The format named by `explicit`, else by the extension of `output`, else PNG for standard output.
func resolveFormat(output: String?, explicit: String?) throws -> ImageFormat {
    if let explicit {
        guard let chosen = ImageFormat(fileExtension: explicit) else {
            throw ValidationError("--format '\(explicit)' is not a format: use png, svg or pdf")
        }
        return chosen
    }
    if let output, output != "-" {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        let ext = name.contains(".") ? String(name.split(separator: ".").last!) : ""
        guard let chosen = ImageFormat(fileExtension: ext) else {
            throw ValidationError("cannot tell the format of '\(output)' from its extension: name it .png, .svg or .pdf, or give --format")
        }
        return chosen
    }
    return .png
}

/// Writes one output: a file (atomically) or standard output for "-".
func writeSingle(_ bytes: [UInt8], to output: String) throws {
    if output == "-" {
        guard FileOutput.write(bytes, to: 1) else { throw Failure(output: "cannot write to standard output") }
    } else {
        try OutputWriter.writeAll([(output, bytes)], into: nil)
    }
}
