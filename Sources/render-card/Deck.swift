import ArgumentParser
import Dispatch
import PlayingCards
import PlayingCardRendering
import Synchronization

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

    @Option(help: "The folder to write into (made if missing).")
    var out: String

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
        guard let format = ImageFormat(fileExtension: format) else {
            throw ValidationError("--format '\(self.format)' is not a format: use png, svg or pdf")
        }
        var style = try style.makeStyle()
        style.faceDown = faceDown
        var subjects = PlayingCard.standardDeck.map(Subject.card)
        if jokers { subjects += [.card(.joker(.black)), .card(.joker(.red))] }
        if back { subjects.append(.back) }
        try reportingFailures {
            let renderer = try CardRenderer(style: style)
            let progress = Progress("deck", total: subjects.count, quiet: quiet)
            let images = try Self.renderInParallel(subjects, with: renderer, as: format, progress: progress)
            progress.finish()
            let files = zip(subjects, images).map { subject, bytes in
                (path: joinPath(out, "\(subject.fileStem).\(format.fileExtension)"), bytes: bytes)
            }
            try OutputWriter.writeAll(files, into: out)
            print("Wrote \(files.count) cards to \(out)")
        }
    }

    /// Renders every subject, one per core at a time; the first error wins.
    static func renderInParallel(_ subjects: [Subject], with renderer: CardRenderer, as format: ImageFormat,
                                 progress: Progress) throws(RenderError) -> [[UInt8]] {
        let results = Mutex<(done: Int, images: [Result<[UInt8], RenderError>?])>((0, Array(repeating: nil, count: subjects.count)))
        DispatchQueue.concurrentPerform(iterations: subjects.count) { i in
            let result = Result { () throws(RenderError) in try subjects[i].render(with: renderer, as: format) }
            let done = results.withLock { state in
                state.images[i] = result
                state.done += 1
                return state.done
            }
            progress.update(done)
        }
        let all = results.withLock { $0.images }
        var images: [[UInt8]] = []
        for result in all { images.append(try result!.get()) }
        return images
    }
}
