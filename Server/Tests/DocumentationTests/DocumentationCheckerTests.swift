import Foundation
import Testing

/// The documentation checks themselves: each finds what it is there to find.
@Suite("Documentation checks")
struct DocumentationCheckerTests {
    @Test func anchorsFollowTheWebsRule() {
        #expect(MarkdownDocument.slug("Where it differs from deckofcardsapi, on purpose") == "where-it-differs-from-deckofcardsapi-on-purpose")
        #expect(MarkdownDocument.slug("The felt API: free-form tables") == "the-felt-api-free-form-tables")
        #expect(MarkdownDocument.slug("`render-card` options") == "render-card-options")
        let document = MarkdownDocument(path: "a.md", text: "# Same\n## Same\n```sh\n# not a heading\n```\n")
        #expect(document.anchors == ["same", "same-1"])
    }

    @Test func linksOutsideCodeAreRead() {
        let document = MarkdownDocument(path: "a.md", text: """
            See [the guide](docs/x.md#part) and ![a picture](img.png), not `[code](y.md)`.
            ```swift
            let cards = [PlayingCard](parsing: "AS")
            ```
            """)
        #expect(document.links.map(\.target) == ["docs/x.md#part", "img.png"])
        #expect(document.inlineCode.map(\.text) == ["[code](y.md)"])
    }

    @Test func aBrokenLinkOrAnchorIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let guide = MarkdownDocument(path: "docs/guide.md", text: "# Guide\n## Part one\n[back](../README.md#set-up) [self](#part-one) [gone](#part-two) [missing](other.md)\n")
        let readme = MarkdownDocument(path: "README.md", text: "# Title\n## Set up\n[guide](docs/guide.md#part-one)\n")
        try "".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        let problems = DocumentationTests.linkProblems(in: guide, among: [guide, readme], root: folder)
            + DocumentationTests.linkProblems(in: readme, among: [guide, readme], root: folder)
        #expect(problems == [
            "docs/guide.md:3: #part-two: docs/guide.md has no heading with the anchor #part-two",
            "docs/guide.md:3: other.md: no file docs/other.md",
        ])
    }

    @Test func shellLinesSplitAsTheShellSplitsThem() {
        let line = ShellCommandLine(#"FOO=1 make test 2>&1 | tee out.txt && curl -H "Authorization: Bearer $T" 'http://h/a?b=1' > x.json # done"#)
        #expect(line.commands == [["FOO=1", "make", "test"], ["tee", "out.txt"], ["curl", "-H", "Authorization: Bearer $T", "http://h/a?b=1"]])
        let joined = ShellCommandLine.logicalLines([(1, "curl -X POST \\"), (2, "  -d a=1"), (3, "make deck")])
        #expect(joined.map(\.number) == [1, 3])
        #expect(joined[0].text == "curl -X POST   -d a=1")
    }

    @Test func commandsNamingWhatIsNotThereAreReported() throws {
        let checker = try DocumentationTests.checker()
        #expect(checker.problems(in: "make deck test").isEmpty)
        #expect(checker.problems(in: "make PREFIX=~/.local install").isEmpty)
        #expect(checker.problems(in: "make dekc") == ["make dekc: the Makefile has no target dekc"])
        #expect(checker.problems(in: "make NOPE=1 deck") == ["make NOPE=1: the Makefile has no variable NOPE"])
        #expect(checker.problems(in: "render-card hand AS KD -o hand.png --layout fan").isEmpty)
        #expect(checker.problems(in: "render-card QH --colour red") == ["render-card card has no option --colour"])
        #expect(checker.problems(in: "render-card sheet -o s.png --paper a4") == ["render-card sheet has no option --paper"])
        #expect(checker.problems(in: "deck-server --port 0 --max-streams-per-client 4").isEmpty)
        #expect(checker.problems(in: "deck-server --max-stream 4") == ["deck-server has no option --max-stream"])
        #expect(checker.problems(in: "swift build -c release --product render-card").isEmpty)
        #expect(checker.problems(in: "swift run --package-path Server stream-load --help").isEmpty)
        #expect(checker.problems(in: "swift run render-cards") == ["swift run: the package at . has no product render-cards"])
        #expect(checker.problems(in: "cd Server && swift run -c release answer-encoding-benchmark").isEmpty)
        #expect(checker.problems(in: "curl -s localhost:8080/api/deck/abc/draw/?count=2").isEmpty)
        #expect(checker.problems(in: "curl -X POST localhost:8080/api/table/t1/felt/move/ -d from=deck -d to=new").isEmpty)
        #expect(checker.problems(in: "curl localhost:8080/api/deck/abc/drew/") == ["curl localhost:8080/api/deck/abc/drew/: the OpenAPI document has no path /api/deck/abc/drew/"])
        #expect(checker.problems(in: "curl -d x=1 localhost:8080/api/table/t1/felt/move/ -d sideways=1")
            == ["curl localhost:8080/api/table/t1/felt/move/: POST /api/table/{table_id}/felt/move/ has no parameter sideways"])
        #expect(checker.problems(in: "curl -X DELETE localhost:8080/api/deck/abc/") == ["curl localhost:8080/api/deck/abc/: /api/deck/{deck_id}/ has no DELETE operation"])
        #expect(checker.problems(in: "frobnicate --all") == ["frobnicate: neither a tool of this project nor a known system program"])
        #expect(checker.problems(in: "bash Scripts/nothing-here.sh") == ["bash Scripts/nothing-here.sh: no such file"])
    }
}
