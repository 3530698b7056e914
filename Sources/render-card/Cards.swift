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

    @OptionGroup(title: "Style") var style: StyleOptions

    func validate() throws {
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
        let subjects = try codes.map(Subject.init(parsing:))
        let format = try resolveFormat()
        let style = try style.makeStyle()
        try reportingFailures {
            let renderer = try CardRenderer(style: style)
            let images = try subjects.map { subject throws(RenderError) in try subject.render(with: renderer, as: format) }
            if let output {
                if output == "-" {
                    guard FileOutput.write(images[0], to: 1) else {
                        throw Failure(output: "cannot write to standard output: \(OutputWriter.lastError())")
                    }
                } else {
                    try OutputWriter.writeAll([(output, images[0])], into: nil)
                }
            } else if let out {
                let files = zip(subjects, images).map { subject, bytes in
                    (path: joinPath(out, "\(subject.fileStem).\(format.fileExtension)"), bytes: bytes)
                }
                try OutputWriter.writeAll(files, into: out)
            }
        }
    }

    private func resolveFormat() throws -> ImageFormat {
        if let format {
            guard let chosen = ImageFormat(fileExtension: format) else {
                throw ValidationError("--format '\(format)' is not a format: use png, svg or pdf")
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
}

/// What a code on the command line names: a card, or the back.
enum Subject {
    case card(PlayingCard)
    case back

    init(parsing code: String) throws {
        if code.lowercased() == "back" {
            self = .back
            return
        }
        do {
            self = .card(try PlayingCard(code))
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The file name without extension: the card's code (`AS`, `10H`, `X1`) or `back`.
    var fileStem: String {
        switch self {
        case .card(let card): card.formatted(.code())
        case .back: "back"
        }
    }

    func render(with renderer: CardRenderer, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch self {
        case .card(let card): try renderer.render(card, as: format)
        case .back: try renderer.renderBack(as: format)
        }
    }
}
