import ArgumentParser
import PlayingCards
import PlayingCardRendering

/// `render-card QH -o qh.png`, `render-card AS KD --out DIR`.
struct Cards: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Render one or more cards (the default subcommand).",
        discussion: """
            Examples:
              render-card QH -o qh.png
              render-card AS 10H X1 back --out cards --format svg
              render-card KS -o - --format pdf > ks.pdf
            """
    )

    @Argument(help: "Card codes such as QH, 10D, TS, X1 (black joker), X2 (red joker), or back.")
    var codes: [String] = []

    @Option(name: [.short, .customLong("output")], help: "The file for a single card; - writes to standard output.")
    var output: String?

    @Option(help: "A folder for the cards, written as DIR/<CODE>.<ext>.")
    var out: String?

    @Option(help: "png, svg or pdf; by default taken from the -o file's extension, else png.")
    var format: String?

    @Flag(name: .customLong("face-down"), help: "Draw the back instead of the face.")
    var faceDown = false

    @OptionGroup(title: "Style") var style: StyleOptions

    /// Checked in `run`, not `validate`: the parser names unknown options only after `validate`,
    /// and `--no-such value` would otherwise be reported as a second card code.
    private func checkWhatAndWhere() throws {
        guard !codes.isEmpty else { throw ValidationError("give at least one card code, e.g. render-card QH -o qh.png") }
        switch (output, out) {
        case (nil, nil): throw ValidationError("say where to write: -o FILE for one card, or --out DIR")
        case (.some, .some): throw ValidationError("give -o FILE or --out DIR, not both")
        case (.some, nil) where codes.count > 1:
            throw ValidationError("-o writes one card, but \(codes.count) codes were given: use --out DIR for several")
        default: break
        }
    }

    func run() throws {
        try checkWhatAndWhere()
        let sides = try codes.map(CardSide.init(parsing:))
        let format = try resolveFormat(output: output, explicit: self.format)
        var style = try style.makeStyle()
        style.faceDown = faceDown
        try reportingFailures {
            let renderer = try CardRenderer(style: style)
            let images = try sides.map { side throws(RenderError) in try renderer.render(side, as: format) }
            if let output {
                try writeSingle(images[0], to: output)
            } else if let out {
                let files = zip(sides, images).map { side, bytes in
                    (path: joinPath(out, "\(side.code).\(format.fileExtension)"), bytes: bytes)
                }
                try OutputWriter.writeAll(files, into: out)
            }
        }
    }
}

extension CardSide {
    /// The card (or `back`) a command-line code names, or `nil`.
    init?(code: String) {
        if code.lowercased() == "back" {
            self = .back
        } else if let card = try? PlayingCard(code) {
            self = .face(card)
        } else {
            return nil
        }
    }

    /// The card (or `back`) a command-line code names; a usage error naming the code otherwise.
    init(parsing code: String) throws {
        if let side = CardSide(code: code) {
            self = side
            return
        }
        do {
            _ = try PlayingCard(code)
        } catch {
            throw ValidationError("\(error)")
        }
        throw ValidationError("'\(code)' is not a card code")
    }
}
