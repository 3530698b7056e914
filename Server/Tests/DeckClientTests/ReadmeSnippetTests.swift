import DeckClient
import Foundation
import Testing

/// The README's snippet, run against a real server; the test fails when the README's copy
/// drifts from this one.
@Suite("README snippet", .timeLimit(.minutes(2)))
struct ReadmeSnippetTests {
    @Test func drawFiveCards() async throws {
        try await Deployment.with(.sqlite) { deployment in
            let server = deployment.actionsURL
            // README: draw
            let client = DeckClient(serverURL: server)                 // such as http://127.0.0.1:8080
            let deck = try await client.newDeck(shuffled: true)
            let five = try await client.draw(5, from: deck.deckId)
            print(five.cards?.map(\.code) ?? [], five.remaining)       // ["7C", "QH", "2S", "0D", "AS"] 47
            // END
            #expect(five.cards?.count == 5 && five.remaining == 47)
        }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// README: draw\n"))
        let end = try #require(source.range(of: "            // END", range: start.upperBound..<source.endIndex))
        let snippet = source[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.dropFirst(12) }.joined(separator: "\n")
        // Server/Tests/DeckClientTests/ → the repository → DeckClient's README.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("Clients/DeckClient/README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + snippet + "\n```"), "README.md lacks the tested snippet:\n\(snippet)")
    }
}
