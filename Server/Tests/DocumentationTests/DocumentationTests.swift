import Foundation
import Testing

/// The README and the guides in `docs/` as a newcomer follows them: every relative link and
/// anchor resolves, and every command they show names a make target, a product, a file, an option
/// or a route that exists. This package builds every tool the guides show, so the checks live here.
@Suite("Documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, DeckClient's README and every Markdown file under docs/.
    static func documents() throws -> [MarkdownDocument] {
        var paths = ["README.md", "Clients/DeckClient/README.md"]
        let docs = root.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return try paths.sorted().map { path in
            MarkdownDocument(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// What is wrong with each relative link of `document`, among `documents`.
    static func linkProblems(in document: MarkdownDocument, among documents: [MarkdownDocument], root: URL) -> [String] {
        var problems: [String] = []
        let folder = (document.path as NSString).deletingLastPathComponent
        for link in document.links {
            let target = link.target
            guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].removingPercentEncoding ?? parts[0]
            let anchor = parts.count > 1 ? parts[1] : nil
            let path = file.isEmpty ? document.path : normalized((folder as NSString).appendingPathComponent(file))
            let place = "\(document.path):\(link.line): \(target)"
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
                problems.append("\(place): no file \(path)")
                continue
            }
            guard let anchor else { continue }
            guard let linked = documents.first(where: { $0.path == path }) else {
                problems.append("\(place): an anchor into \(path), which is not a checked Markdown file")
                continue
            }
            if !linked.anchors.contains(anchor) {
                problems.append("\(place): \(path) has no heading with the anchor #\(anchor)")
            }
        }
        return problems
    }

    /// A relative path with its `.` and `..` segments worked out (`docs/../README.md` is
    /// `README.md`).
    static func normalized(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/") where segment != "." {
            if segment == "..", let last = segments.last, last != ".." { segments.removeLast() } else { segments.append(segment) }
        }
        return segments.joined(separator: "/")
    }

    @Test func everyRelativeLinkAndAnchorResolves() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 10, "README.md and the guides in docs/")
        let links = documents.reduce(0) { $0 + $1.links.count }
        #expect(links > 30)
        let problems = documents.flatMap { Self.linkProblems(in: $0, among: documents, root: Self.root) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyCommandShownNamesWhatExists() throws {
        let checker = try Self.checker()
        var checked = 0
        var problems: [String] = []
        for document in try Self.documents() {
            for block in document.codeBlocks where ["sh", "bash", "shell", "console"].contains(block.language) {
                for line in ShellCommandLine.logicalLines(block.lines) {
                    let text = line.text.trimmingCharacters(in: .whitespaces)
                    guard !text.isEmpty, !text.hasPrefix("#") else { continue }
                    checked += 1
                    problems += checker.problems(in: text).map { "\(document.path):\(line.number): \($0)" }
                }
            }
            // `make …` in running text is a command shown too.
            for code in document.inlineCode where code.text.hasPrefix("make ") {
                checked += 1
                problems += checker.problems(in: code.text).map { "\(document.path):\(code.line): \($0)" }
            }
        }
        #expect(checked > 50)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theReadmeStaysShort() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines; move the detail into a guide in docs/")
    }

    static func checker() throws -> CommandChecker {
        let folder = Bundle.main.bundleURL
        var tools: [String: CommandLineTool] = [:]
        for name in ["render-card", "deal", "deck-server"] {
            tools[name] = try CommandLineTool.load(folder.appendingPathComponent(name))
        }
        return CommandChecker(facts: try ProjectFacts(root: root), tools: tools)
    }
}
