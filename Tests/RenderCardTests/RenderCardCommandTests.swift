import CommandTestSupport
import Foundation
import PlayingCardRendering
import Testing

/// Runs the built `render-card` executable, as a user would.
@Suite("render-card command")
struct RenderCardCommandTests {
    static var executable: URL { CommandRun.executable("render-card") }

    static func run(_ arguments: String...) throws -> CommandRun {
        try CommandRun.run("render-card", arguments)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-card-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func rendersOneCardToAFileInTheFormatOfItsExtension() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, prefix) in [("qh.png", [0x89, 0x50, 0x4E, 0x47]), ("qh.svg", Array("<svg".utf8)), ("qh.pdf", Array("%PDF".utf8))] {
            let path = dir.appendingPathComponent(name).path
            let run = try Self.run("QH", "-o", path)
            #expect(run.status == 0, "\(run.error)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect([UInt8](data.prefix(4)) == prefix, "\(name)")
        }
        let png = try Data(contentsOf: dir.appendingPathComponent("qh.png"))
        #expect(Self.pngSize(png)! == (744, 1039))
        // Nothing but the three files: no temporary files left.
        #expect(Self.files(in: dir) == ["qh.pdf", "qh.png", "qh.svg"])
        // The same card again gives the same bytes, and replaces the file.
        #expect(try Self.run("QH", "-o", dir.appendingPathComponent("qh.png").path).status == 0)
        #expect(try Data(contentsOf: dir.appendingPathComponent("qh.png")) == png)
    }

    @Test func theQuickPathAndTheFullParserAgree() throws {
        // `CODE -o FILE` alone skips the full parser; any option goes through it. Same bytes.
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (code, name) in [("QH", "q.png"), ("back", "b.svg"), ("X1", "x.pdf")] {
            let quick = dir.appendingPathComponent("quick-\(name)"), full = dir.appendingPathComponent("full-\(name)")
            #expect(try Self.run(code, "-o", quick.path).status == 0)
            #expect(try Self.run(code, "-o", full.path, "--theme", "classic").status == 0)
            #expect(try Data(contentsOf: quick) == Data(contentsOf: full), "\(code)")
        }
    }

    @Test func writesToStandardOutputAndToAFolder() throws {
        let stdout = try Self.run("10D", "-o", "-", "--format", "svg", "--svg-style", "flat")
        #expect(stdout.status == 0)
        #expect(String(decoding: stdout.data, as: UTF8.self).contains("<title>Ten of Diamonds</title>"))
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("made/on/demand")
        let run = try Self.run("AS", "10h", "TS", "X1", "back", "--out", out.path, "--width", "250")
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.files(in: out) == ["10H.png", "10S.png", "AS.png", "X1.png", "back.png"])
        #expect(Self.pngSize(try Data(contentsOf: out.appendingPathComponent("AS.png")))! == (250, 349))
    }

    @Test func rendersTheWholeDeckWithJokersAndBack() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.run("deck", "--out", dir.path, "--jokers", "--back", "--width", "120", "--theme", "four-color")
        #expect(run.status == 0, "\(run.error)")
        let files = Self.files(in: dir)
        #expect(files.count == 55 && files.contains("X2.png") && files.contains("back.png") && files.contains("KH.png"))
        #expect(run.output.contains("Wrote 55 cards to \(dir.path)"))
        let svg = try Self.run("deck", "--out", dir.appendingPathComponent("svg").path, "--format", "svg")
        #expect(svg.status == 0 && Self.files(in: dir.appendingPathComponent("svg")).count == 52)
    }

    @Test func everyStyleOptionIsAccepted() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.run("JH", "-o", dir.appendingPathComponent("jh.png").path, "--size", "bridge", "--dpi", "150",
                               "--theme", "high-contrast", "--pips", "classic", "--face-scale", "0.5", "--index", "jumbo",
                               "--corners", "4", "--letters", "german", "--back-color", "#224488", "--bleed", "3",
                               "--no-border", "--suit-color", "H=#aa00aa")
        #expect(run.status == 0, "\(run.error)")
        // Bridge at 150 dpi plus 3 mm bleed each side: (57 + 6) × (89 + 6) mm.
        #expect(Self.pngSize(try Data(contentsOf: dir.appendingPathComponent("jh.png")))! == (372, 561))
        let custom = try Self.run("5C", "-o", "-", "--size", "70x120", "--dpi", "254")
        #expect(custom.status == 0 && Self.pngSize(custom.data)! == (700, 1200), "70 × 120 mm at 254 dpi")
        let down = try Self.run("JH", "-o", "-", "--face-down", "--width", "100")
        #expect(down.status == 0 && Self.pngSize(down.data)! == (100, 140))
    }

    @Test func pngCompressionSmallWritesTheSamePixelsInASmallerFile() throws {
        let fast = try Self.run("back", "-o", "-"), small = try Self.run("back", "-o", "-", "--png-compression", "small")
        #expect(fast.status == 0 && small.status == 0, "\(small.error)")
        #expect(small.data.count < fast.data.count, "small \(small.data.count) bytes, fast \(fast.data.count)")
        #expect(try RasterImage(png: [UInt8](small.data)).pixels == RasterImage(png: [UInt8](fast.data)).pixels)
        // fast is the default: naming it changes nothing.
        #expect(try Self.run("back", "-o", "-", "--png-compression", "fast").data == fast.data)
        // Every subcommand takes it, hands too.
        let hand = try Self.run("hand", "AS", "KD", "-o", "-", "--png-compression", "small", "--canvas", "400x300")
        let fastHand = try Self.run("hand", "AS", "KD", "-o", "-", "--canvas", "400x300")
        #expect(hand.status == 0 && hand.data.count < fastHand.data.count)
        #expect(try RasterImage(png: [UInt8](hand.data)).pixels == RasterImage(png: [UInt8](fastHand.data)).pixels)
    }

    /// Runs a failing command in an empty folder and checks its exit code, message and that it
    /// left nothing behind.
    func expectFailure(_ arguments: [String], status: Int32, mentioning words: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CommandRun.run("render-card", arguments.map { $0.replacingOccurrences(of: "DIR", with: dir.path) })
        let message = run.error
        #expect(run.status == status, "\(arguments): \(message)", sourceLocation: sourceLocation)
        for word in words {
            #expect(message.contains(word), "\(arguments): '\(message)' does not mention \(word)", sourceLocation: sourceLocation)
        }
        #expect(Self.files(in: dir).isEmpty, "\(arguments) left \(Self.files(in: dir))", sourceLocation: sourceLocation)
    }

    @Test func badInputIsRefusedWithAClearMessageAndNoFile() throws {
        try expectFailure(["ZZ", "-o", "DIR/z.png"], status: 64, mentioning: ["ZZ"])
        try expectFailure(["QH", "1X", "--out", "DIR/cards"], status: 64, mentioning: ["1X"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--width", "0"], status: 64, mentioning: ["width", "0"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--width=-5"], status: 64, mentioning: ["-5"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--width", "100000"], status: 64, mentioning: ["100000", "16384"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--dpi", "4800"], status: 64, mentioning: ["px"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--width", "16384"], status: 64, mentioning: ["matching height", "22886 px"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--width", "6000"], status: 64, mentioning: ["6000 × 8381 px at 300 dpi", "500 mm"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--face-scale", "2"], status: 64, mentioning: ["0.3–1.0"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--size", "0x88"], status: 64, mentioning: ["width 0.0 mm"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--size", "huge"], status: 64, mentioning: ["huge", "70x120"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--theme", "neon"], status: 64, mentioning: ["neon", "classic"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--corners", "3"], status: 64, mentioning: ["3"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--letters", "J=ẞ"], status: 64, mentioning: ["ẞ"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--back-color", "blurple"], status: 64, mentioning: ["blurple"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--bleed", "30"], status: 64, mentioning: ["bleed"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--png-compression", "best"], status: 64, mentioning: ["best", "fast or small"])
        try expectFailure(["QH", "-o", "DIR/q.gif"], status: 64, mentioning: ["q.gif", ".png"])
        try expectFailure(["QH", "KH", "-o", "DIR/q.png"], status: 64, mentioning: ["--out"])
        try expectFailure(["QH", "-o", "DIR/missing/q.png"], status: 73, mentioning: ["DIR/missing/q.png".replacingOccurrences(of: "DIR", with: "")])
        try expectFailure(["QH", "-o", "DIR/q.png", "--art", "DIR/no-such-folder"], status: 65, mentioning: ["no-such-folder"])
        try expectFailure(["deck", "--out", "DIR/deck", "--art", "/nonexistent"], status: 65, mentioning: ["/nonexistent"])
        try expectFailure(["deck", "--out", "DIR/deck", "--format", "tiff"], status: 64, mentioning: ["tiff"])
    }

    @Test func unknownOptionsAreNamedWhateverFollowsThem() throws {
        // (arguments, the unknown option): a value after an unknown option must not be taken for
        // a card code, and no check of ours may speak first.
        let cases: [([String], String)] = [
            (["QH", "-o", "DIR/x.png", "--no-such", "value"], "--no-such"),
            (["QH", "--no-such", "value", "-o", "DIR/x.png"], "--no-such"),
            (["QH", "--no-such", "value"], "--no-such"),
            (["--no-such", "value"], "--no-such"),
            (["QH", "-o", "DIR/x.png", "-z", "value"], "-z"),
            (["QH", "-o", "DIR/x.png", "--no-such=value"], "--no-such"),
            (["QH", "KH", "-o", "DIR/x.png", "--no-such", "value"], "--no-such"),
            // Three arguments, the quick path's shape, which leaves the unknown option to the parser.
            (["--no-such", "-o", "DIR/x.png"], "--no-such"),
            (["QH", "--no-such", "DIR/x.png"], "--no-such"),
            (["deck", "--ot", "DIR/deck"], "--ot"),
            (["deck", "--out", "DIR/deck", "--no-such", "value"], "--no-such"),
            (["hand", "AS", "KD", "--no-such", "value"], "--no-such"),
            (["hand", "AS", "-o", "DIR/h.png", "--no-such", "value"], "--no-such"),
            (["sheet", "--no-such", "value"], "--no-such"),
            (["print", "--no-such", "value"], "--no-such"),
        ]
        for (arguments, option) in cases {
            try expectFailure(arguments, status: 64, mentioning: ["Unknown option '\(option)'"])
        }
        // Without an unknown option, the command's own checks still speak.
        try expectFailure(["deck"], status: 64, mentioning: ["--out DIR is required"])
        try expectFailure(["hand", "AS"], status: 64, mentioning: ["-o FILE is required"])
        try expectFailure(["sheet"], status: 64, mentioning: ["-o FILE is required"])
        try expectFailure(["print"], status: 64, mentioning: ["-o FILE is required"])
        try expectFailure(["QH"], status: 64, mentioning: ["say where to write", "Usage: render-card card [<options>]"])
        try expectFailure(["QH", "-o", "DIR/q.png", "--theme", "neon"], status: 64, mentioning: ["neon", "Usage: render-card card [<options>]"])
    }

    @Test func aFailedWriteInTheMiddleOfADeckRemovesWhatItWrote() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A folder where the 10H file should go makes that one write fail.
        let out = dir.appendingPathComponent("deck")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("KS.png"), withIntermediateDirectories: true)
        let run = try Self.run("deck", "--out", out.path, "--width", "60")
        #expect(run.status == 73, "\(run.error)")
        #expect(run.error.contains("KS.png"))
        #expect(Self.files(in: out) == ["KS.png"], "only what was there before is left")
    }

    @Test func helpShowsExamplesAndExitCodes() throws {
        let run = try Self.run("--help")
        let text = run.output
        #expect(run.status == 0)
        #expect(text.contains("render-card QH -o qh.png") && text.contains("Exit codes") && text.contains("16384"))
        #expect(text.contains("--png-compression small") && text.contains("--art DIR may hold any of"))
        let card = try Self.run("card", "--help")
        #expect(card.output.contains("--png-compression <png-compression>") && card.output.contains("fast (quick to write) or small"))
        let deck = try Self.run("deck", "--help")
        #expect(deck.output.contains("render-card deck --out deck"))
    }
}
