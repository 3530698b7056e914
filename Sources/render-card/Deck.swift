import ArgumentParser
import PlayingCards
import PlayingCardRendering

/// `render-card deck --out DIR`: every card, on all cores.
struct Deck: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the whole deck into a folder, one file per card.",
        discussion: """
            Files are named by card code: AS.png … KH.png, X1/X2 for the jokers, back.png.

            Examples:
              render-card deck --out deck
              render-card deck --out deck --format svg --jokers --back --theme four-color
            """
    )

    @Option(help: "The folder to write into (made if missing); required.")
    var out: String?

    @Option(help: "png, svg or pdf.")
    var format: String = "png"

    @Flag(help: "Add the black and red jokers (X1, X2).")
    var jokers = false

    @Flag(help: "Add the card back (back.<ext>).")
    var back = false

    @Flag(name: .customLong("face-down"), help: "Draw the back instead of each face.")
    var faceDown = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup(title: "Style") var style: StyleOptions

    func run() throws {
        let out = try required(out, "--out DIR", example: "render-card deck --out deck")
        guard let format = ImageFormat(fileExtension: format) else {
            throw ValidationError("--format '\(self.format)' is not a format: use png, svg or pdf")
        }
        var style = try style.makeStyle()
        style.faceDown = faceDown
        let sides = CardSide.deck(jokers: jokers, back: back)
        try reportingFailures {
            let renderer = try CardRenderer(style: style)
            let progress = Progress("deck", total: sides.count, quiet: quiet)
            // Each card is written as soon as it is drawn, while the others are being drawn.
            let writer = try SharedOutputWriter(folder: out)
            let paths = sides.map { joinPath(out, "\($0.code).\(format.fileExtension)") }
            do {
                try renderer.render(sides, as: format, progress: progress.update) { i, bytes throws(RenderError) in
                    try writer.write(bytes, to: paths[i])
                }
            } catch {
                writer.rollBack()
                throw error
            }
            progress.finish()
            print("Wrote \(sides.count) cards to \(out)")
        }
    }
}
