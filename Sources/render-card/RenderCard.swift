import ArgumentParser
import PlayingCardRendering

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `render-card`: draws playing cards as PNG, SVG or PDF.
@main
struct RenderCard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-card",
        abstract: "Render playing cards as PNG, SVG or PDF.",
        discussion: """
            Examples:
              render-card QH -o qh.png
              render-card AS 10H X1 --out cards --format svg
              render-card KS -o - --format svg > ks.svg
              render-card back -o back.png --png-compression small
              render-card KH -o kh.png --art my-art
              render-card deck --out deck --jokers --back
              render-card deck --out print --format pdf --size bridge --bleed 3 --no-border
              render-card hand AS KD 10H -o hand.png --layout fan
              render-card sheet -o deck.png --atlas deck.json --width 250
              render-card print -o deck.pdf --paper letter --crop-marks --backs

            Card codes: rank A 2-10 (or T) J Q K then suit S H D C, e.g. QH, 10D, TS;
            X1 and X2 for the black and red joker; "back" for the card back. Any notation
            the PlayingCards library reads also works (Q♥, "queen of hearts").

            Art: --art DIR may hold any of QH.svg or QH.png (one card), Q.svg or Q.png
            (a rank), X1, X2 or joker, and back; cards it has no picture for keep the
            built-in art. An SVG needs a viewBox, or a width and height in px, in, cm,
            mm, pt or pc.

            PNG: --png-compression small writes the same pixels in files no larger than
            ImageMagick's strongest setting, taking 0.1 to 0.4 s more per card.

            Sizes: the largest card image is \(CardLimits.maximumPixels) px a side and \(CardLimits.maximumArea) million
            pixels; cards are at most \(CardLimits.maximumMillimetres) mm a side; --dpi \(CardLimits.resolutions); --bleed \(CardLimits.bleeds) mm.

            Exit codes: 0 success; 64 bad arguments (card code, option, size); 65 bad artwork
            (missing, unreadable, corrupt or too large file); 70 drawing failed; 73 an output
            file or folder could not be written. A failed run leaves no output file behind.
            """,
        subcommands: [Cards.self, Deck.self, Hand.self, Sheet.self, Print.self],
        defaultSubcommand: Cards.self
    )

    static func main() {
        if let status = QuickPath.run(Array(CommandLine.arguments.dropFirst())) {
            Glibc.exit(status)
        }
        var command: ParsableCommand
        do {
            command = try parseAsRoot(nil)
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            // The subcommands check their arguments in `run`, after the parser has named any
            // unknown option; their usage errors show the subcommand's usage, as the parser's do.
            let subcommand = type(of: command)
            let usage = "Error: \(error.message)\nUsage: \(usageString(for: subcommand))\n"
                + "  See '\(_commandName) \(subcommand._commandName) --help' for more information.\n"
            _ = FileOutput.write(Array(usage.utf8), to: 2)
            Glibc.exit(ExitCode.validationFailure.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}
