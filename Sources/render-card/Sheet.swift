import ArgumentParser
import PlayingCards
import PlayingCardRendering

/// `render-card sheet -o deck.png --atlas deck.json`: the whole deck in one image.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every card into one sprite sheet, with a JSON atlas of where each is.",
        discussion: """
            The atlas is TexturePacker's "JSON (Hash)" shape, which Phaser, PixiJS and other
            engines load: "frames" maps each card code (AS, 10H, X1, back) to its pixel
            rectangle {x, y, w, h}; "meta" names the image and gives its size.

            Examples:
              render-card sheet -o deck.png --atlas deck.json --width 250
              render-card sheet -o deck.svg --columns 9 --jokers --back
            """
    )

    @Option(name: [.short, .customLong("output")], help: "The sheet image (.png, .svg or .pdf); required.")
    var output: String?

    @Option(help: "png, svg or pdf; by default from the file's extension.")
    var format: String?

    @Option(help: "Cards in a row.")
    var columns: Int = 13

    @Option(help: "Transparent pixels between cards.")
    var padding: Int = 2

    @Flag(help: "Add the black and red jokers (X1, X2).")
    var jokers = false

    @Flag(help: "Add the card back.")
    var back = false

    @Option(help: "Also write the atlas, as JSON, to this file.")
    var atlas: String?

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup(title: "Style") var style: StyleOptions

    func run() throws {
        let output = try required(output, "-o FILE", example: "render-card sheet -o deck.png")
        guard output != "-" || atlas == nil || atlas != "-" else { throw ValidationError("only one of -o and --atlas can be -") }
        guard columns >= 1 else { throw ValidationError("--columns must be 1 or more, not \(columns)") }
        guard (0...64).contains(padding) else { throw ValidationError("--padding must be 0 to 64 pixels, not \(padding)") }
        let format = try resolveFormat(output: output, explicit: self.format)
        let style = try style.makeStyle()
        let sides = CardSide.deck(jokers: jokers, back: back)
        try reportingFailures {
            let renderer = try CardRenderer(style: style)
            let progress = Progress("sheet", total: sides.count, quiet: quiet)
            let sheet = try renderer.spriteSheet(sides, columns: columns, padding: padding, as: format, progress: progress.update)
            progress.finish()
            let imageName = output.split(separator: "/").last.map(String.init) ?? output
            var files = [(path: output, bytes: sheet.image)]
            if let atlas { files.append((atlas, Array(sheet.atlasJSON(imageName: imageName).utf8))) }
            if output == "-" {
                try writeSingle(sheet.image, to: "-")
                files.removeFirst()
            }
            try OutputWriter.writeAll(files, into: nil)
        }
    }
}
