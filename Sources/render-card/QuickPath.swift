import PlayingCards
import PlayingCardRendering

/// `render-card CODE -o FILE` with nothing else: the commonest call, answered without building the
/// full command-line parser, whose reflection costs several milliseconds at every start. Any other
/// arguments, or anything unusual about these, go to the full parser, so behaviour is the same.
enum QuickPath {
    /// The exit code, or `nil` when the full parser should handle the arguments.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count == 3, arguments[1] == "-o" || arguments[1] == "--output" else { return nil }
        let code = arguments[0], output = arguments[2]
        guard !code.hasPrefix("-"), !output.hasPrefix("-"), let format = format(of: output) else { return nil }
        // A bad code goes to the full parser, which reports it.
        guard let side = CardSide(code: code) else { return nil }
        do {
            let renderer = try CardRenderer(style: CardStyle())
            let bytes = try renderer.render(side, as: format)
            try FileOutput.write(bytes, to: output)
            return 0
        } catch {
            let failure = Failure(error)
            _ = FileOutput.write(Array("render-card: error: \(failure.message)\n".utf8), to: 2)
            return failure.exitCode
        }
    }

    private static func format(of path: String) -> ImageFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return ImageFormat(fileExtension: String(name[name.index(after: dot)...]))
    }
}
