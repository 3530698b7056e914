import ArgumentParser
import PlayingCards
import PlayingCardLayout
import PlayingCardRendering

/// `render-card print -o deck.pdf`: a print-ready PDF of the deck.
struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the deck onto printer's pages as one vector PDF.",
        discussion: """
            As many cards as fit go on each page (3 × 3 poker cards on A4 and Letter), centred.
            --crop-marks draws cut marks outside the cut lines; --bleed extends each card's
            background past its cut line; --backs adds, after each page, a page of backs mirrored
            for duplex printing (flip on the long edge), so each back lands behind its face.

            Examples:
              render-card print -o deck.pdf
              render-card print -o deck.pdf --paper letter --size bridge --bleed 3 --crop-marks --backs
            """
    )

    @Option(name: [.short, .customLong("output")], help: "The PDF file; - writes to standard output; required.")
    var output: String?

    @Option(help: "a4 or letter.")
    var paper: String = "a4"

    @Flag(name: .customLong("crop-marks"), help: "Draw crop marks outside the cut lines.")
    var cropMarks = false

    @Flag(help: "Add a mirrored page of backs after each page of faces, for duplex printing.")
    var backs = false

    @Flag(help: "Add the black and red jokers.")
    var jokers = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup(title: "Style") var style: StyleOptions

    func run() throws {
        let output = try required(output, "-o FILE", example: "render-card print -o deck.pdf")
        guard let paper = PrintLayout.Paper.named[paper.lowercased()] else {
            throw ValidationError("--paper '\(self.paper)' is not a paper size: use a4 or letter")
        }
        if output != "-" {
            guard try resolveFormat(output: output, explicit: nil) == .pdf else {
                throw ValidationError("print writes PDF: name the output .pdf")
            }
        }
        let style = try style.makeStyle()
        let cards = PlayingCard.standardDeck + (jokers ? [.joker(.black), .joker(.red)] : [])
        try reportingFailures {
            let renderer = try CardRenderer(style: style)
            guard let layout = PrintLayout(paper: paper, cardWidth: renderer.layout.width, cardHeight: renderer.layout.height,
                                           bleed: style.bleed) else {
                throw Failure(usage: "a \(renderer.layout.width) × \(renderer.layout.height) mm card with \(style.bleed) mm bleed does not fit on \(paper.name)")
            }
            let pages = layout.pageCount(for: cards.count) * (backs ? 2 : 1)
            let progress = Progress("print", total: pages, quiet: quiet)
            let pdf = try renderer.printSheets(cards, paper: paper, cropMarks: cropMarks, backs: backs, progress: progress.update)
            progress.finish()
            try writeSingle(pdf, to: output)
        }
    }
}
