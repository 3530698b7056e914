import CommandTestSupport
import Foundation
import PlayingCardRendering
import Testing

/// `render-card hand`, `sheet` and `print`, progress, and `make install`, run as a user would.
@Suite("render-card hand, sheet, print and install")
struct CompositionCommandTests {
    typealias Tool = RenderCardCommandTests

    static func png(_ path: URL) throws -> RasterImage {
        try RasterImage(png: [UInt8](try Data(contentsOf: path)), name: path.path)
    }

    static func pdfinfo(_ path: URL) throws -> String {
        let pdfinfo = try #require(["/usr/bin/pdfinfo", "/bin/pdfinfo"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "pdfinfo is installed by make deps (poppler-utils)")
        return try CommandRun.run(URL(fileURLWithPath: pdfinfo), [path.path]).output
    }

    @Test func handsInEveryLayoutFillTheCanvas() throws {
        let dir = try Tool.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for layout in ["fan", "row", "stack", "grid"] {
            let file = dir.appendingPathComponent("\(layout).png")
            let run = try Tool.run("hand", "AS", "KD", "10H", "9C", "2S", "-o", file.path, "--layout", layout, "--canvas", "900x600")
            #expect(run.status == 0, "\(layout): \(run.error)")
            let image = try Self.png(file)
            #expect(image.width == 900 && image.height == 600)
            // Felt in the corner, and cards over a good part of the canvas.
            #expect(image.rgba(x: 1, y: 1) == (0x1E, 0x5C, 0x3A, 255))
            let felt: UInt32 = 0xFF1E_5C3A
            let covered = image.pixels.filter { $0 != felt }.count
            #expect(Double(covered) / Double(image.pixels.count) > 0.2, "\(layout): cards cover \(covered) pixels")
        }
        let table = dir.appendingPathComponent("table.svg")
        let run = try Tool.run("hand", "QS", "QD", "/", "AS", "KS", "/", "2H", "2D", "--layout", "table", "--face-down", "1", "-o", table.path)
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOf: table, encoding: .utf8)
        #expect(svg.contains(#"width="1200" height="800""#))
        let transparent = try Tool.run("hand", "AS", "KD", "-o", "-", "--background", "none", "--zoom", "4", "--pan", "10,-20")
        #expect(transparent.status == 0)
        #expect(try RasterImage(png: [UInt8](transparent.data)).rgba(x: 0, y: 0).alpha == 0)
    }

    @Test func backgroundImagesFillTheCanvasAndBadOnesAreNamed() throws {
        let dir = try Tool.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 2 × 1 PNG, half red, half blue: scaled to cover a 400 × 400 canvas, red on the left.
        let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF
        let background = dir.appendingPathComponent("felt.png")
        try Data(RasterImage(width: 2, height: 1, pixels: [red, blue]).pngData()).write(to: background)
        let out = dir.appendingPathComponent("hand.png")
        let run = try Tool.run("hand", "AS", "-o", out.path, "--canvas", "400x400", "--background", background.path, "--zoom", "0.5")
        #expect(run.status == 0, "\(run.error)")
        let image = try Self.png(out)
        #expect(image.rgba(x: 2, y: 200).red > 200 && image.rgba(x: 397, y: 200).blue > 200)

        let corrupt = dir.appendingPathComponent("corrupt.png")
        var bytes = RasterImage(width: 4, height: 4, pixels: [UInt32](repeating: red, count: 16)).pngData()
        bytes.replaceSubrange(41..<bytes.count - 12, with: [UInt8](repeating: 0x55, count: bytes.count - 53))
        try Data(bytes).write(to: corrupt)
        let huge = dir.appendingPathComponent("huge.png")
        var header = RasterImage(width: 4, height: 4, pixels: [UInt32](repeating: red, count: 16)).pngData()
        header.replaceSubrange(16..<24, with: [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40])   // 40,000 × 40,000
        try Data(header).write(to: huge)
        for (file, words) in [(dir.appendingPathComponent("missing.png").path, ["missing.png", "no such file"]),
                              (corrupt.path, ["corrupt.png"]), (huge.path, ["huge.png", "too large"])] {
            let failed = try Tool.run("hand", "AS", "-o", dir.appendingPathComponent("x.png").path, "--background", file)
            #expect(failed.status == 65, "\(file): \(failed.error)")
            #expect(words.allSatisfy(failed.error.contains), "\(failed.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }

    @Test func sheetAtlasRectanglesAreWhereTheCardsAre() throws {
        let dir = try Tool.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheetFile = dir.appendingPathComponent("deck.png"), atlasFile = dir.appendingPathComponent("deck.json")
        let run = try Tool.run("sheet", "-o", sheetFile.path, "--atlas", atlasFile.path, "--width", "120", "--jokers", "--back")
        #expect(run.status == 0, "\(run.error)")
        let sheet = try Self.png(sheetFile)
        let atlas = try JSONSerialization.jsonObject(with: Data(contentsOf: atlasFile)) as! [String: Any]
        let frames = atlas["frames"] as! [String: [String: Any]]
        let meta = atlas["meta"] as! [String: Any]
        #expect(frames.count == 55 && meta["image"] as? String == "deck.png")
        let size = meta["size"] as! [String: Int]
        #expect(size["w"] == sheet.width && size["h"] == sheet.height)
        // Crop the sheet at each sampled rectangle and compare with the card rendered alone.
        for code in ["AS", "10H", "QD", "KC", "X2", "back"] {
            let frame = try #require(frames[code]?["frame"] as? [String: Int])
            let single = try Tool.run(code, "-o", "-", "--width", "120")
            let alone = try RasterImage(png: [UInt8](single.data))
            #expect(frame["w"] == alone.width && frame["h"] == alone.height)
            var differing = 0
            for y in 0..<alone.height {
                for x in 0..<alone.width where sheet.pixels[(frame["y"]! + y) * sheet.width + frame["x"]! + x] != alone.pixels[y * alone.width + x] {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(code): \(differing) pixels differ from the card rendered alone")
        }
        let svg = try Tool.run("sheet", "-o", dir.appendingPathComponent("deck.svg").path, "--columns", "9")
        #expect(svg.status == 0)
    }

    @Test func printMakesPagesOfTheRightSizeAndCount() throws {
        let dir = try Tool.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a4 = dir.appendingPathComponent("a4.pdf")
        #expect(try Tool.run("print", "-o", a4.path, "--crop-marks").status == 0)
        let info = try Self.pdfinfo(a4)
        #expect(info.contains("Pages:           6") && info.contains("595.276 x 841.89 pts (A4)"), "\(info)")
        let letter = dir.appendingPathComponent("letter.pdf")
        let run = try Tool.run("print", "-o", letter.path, "--paper", "letter", "--backs", "--bleed", "3", "--jokers")
        #expect(run.status == 0, "\(run.error)")
        let letterInfo = try Self.pdfinfo(letter)
        // 54 cards, 6 to a Letter page with 3 mm bleed: 9 pages of faces, each followed by backs.
        #expect(letterInfo.contains("Pages:           18") && letterInfo.contains("612 x 792 pts (letter)"), "\(letterInfo)")
    }

    @Test func badInputToEachSubcommandIsRefusedAndLeavesNoFile() throws {
        let cases: [([String], Int32, [String])] = [
            (["hand", "AS", "-o", "DIR/h.png", "--layout", "spiral"], 64, ["spiral"]),
            (["hand", "AS", "-o", "DIR/h.png", "--canvas", "0x10"], 64, ["0x10"]),
            (["hand", "AS", "-o", "DIR/h.png", "--canvas", "wide"], 64, ["wide"]),
            (["hand", "AS", "ZZ", "-o", "DIR/h.png"], 64, ["ZZ"]),
            (["hand", "AS", "/", "-o", "DIR/h.png"], 64, ["/"]),
            (["hand", "AS", "-o", "DIR/h.png", "--background", "plaid"], 64, ["plaid"]),
            (["hand", "AS", "-o", "DIR/h.png", "--zoom=-1"], 64, ["-1"]),
            (["sheet", "-o", "DIR/s.png", "--columns", "0"], 64, ["--columns"]),
            (["sheet", "-o", "DIR/s.png", "--width", "2000", "--columns", "13"], 64, ["too large"]),
            (["sheet", "-o", "DIR/s.gif"], 64, ["s.gif"]),
            (["print", "-o", "DIR/p.pdf", "--paper", "a5"], 64, ["a5"]),
            (["print", "-o", "DIR/p.png"], 64, ["PDF"]),
            (["print", "-o", "DIR/p.pdf", "--size", "300x400"], 64, ["does not fit"]),
            (["print", "-o", "DIR/missing/p.pdf"], 73, ["missing/p.pdf"]),
        ]
        for (arguments, status, words) in cases {
            try RenderCardCommandTests().expectFailure(arguments, status: status, mentioning: words)
        }
    }

    @Test func progressShowsOnATerminalAndNowhereElse() throws {
        let dir = try Tool.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Not a terminal: nothing on standard error.
        let quiet = try Tool.run("deck", "--out", dir.appendingPathComponent("a").path, "--width", "40")
        #expect(quiet.status == 0 && quiet.error.isEmpty)
        // A terminal (script(1) gives the command a pseudo-terminal): a bar with count and rate.
        let script = try #require(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) })
        func onTerminal(_ command: String) throws -> String {
            try CommandRun.run(URL(fileURLWithPath: script), ["-qc", command, "/dev/null"]).output
        }
        let text = try onTerminal("\(Tool.executable.path) sheet -o \(dir.path)/s.png --width 40")
        #expect(text.contains("sheet [") && text.contains("52/52") && text.contains("cards/s"), "\(text)")
        let silent = try onTerminal("\(Tool.executable.path) sheet -o \(dir.path)/t.png --width 40 --quiet")
        #expect(!silent.contains("sheet ["))
    }

    @Test func installsIntoAPrefixAndRunsFromAnywhere() throws {
        let prefix = try Tool.folder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = ["-C", root.path, "install-files", "PREFIX=\(prefix.path)", "RENDER_CARD=\(Tool.executable.path)"]
        make.standardOutput = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let installed = prefix.appendingPathComponent("bin/render-card")
        for completion in ["share/bash-completion/completions/render-card", "share/zsh/site-functions/_render-card",
                           "share/fish/vendor_completions.d/render-card.fish"] {
            let text = try String(contentsOf: prefix.appendingPathComponent(completion), encoding: .utf8)
            #expect(text.contains("render-card") && text.contains("sheet"), "\(completion)")
        }
        // Run it from another folder, far from the source tree: the art is built in.
        let elsewhere = prefix.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let run = Process()
        run.executableURL = installed
        run.arguments = ["KH", "-o", "kh.png"]
        run.currentDirectoryURL = elsewhere
        try run.run()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0)
        let image = try Self.png(elsewhere.appendingPathComponent("kh.png"))
        #expect(image.width == 744 && image.rgba(x: 372, y: 300) != (255, 255, 255, 255), "the king's art is drawn")
    }
}
