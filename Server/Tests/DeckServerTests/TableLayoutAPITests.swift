@testable import DeckServerHTTP
import Foundation
import Testing

/// Table layouts: export, import, and the layouts shipped in `Server/Layouts/`.
@Suite("Table layouts")
struct TableLayoutAPITests {
    /// The shipped layout `name` (such as `klondike`), as text.
    static func shipped(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: folder.appendingPathComponent("Layouts/\(name).json"), encoding: .utf8)
    }

    /// A layout of 200 one-card stacks and no deck entry: with the deck made for it, 201.
    static func manyStacks() -> String {
        let stacks = (0..<200).map { #"{"id": "s\#($0)", "x": \#($0), "y": 10, "layout": "squared", "rotation": 0, "faces": "D"}"# }
        return #"{"format": "swift-playing-cards table layout", "version": 1, "settings": {"seats": 2, "deck_count": 8, "jokers": false}, "stacks": ["# + stacks.joined(separator: ",") + #"], "hands": [0, 0]}"#
    }

    /// A form value, percent-encoded.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test("each shipped layout makes a table laid out as it says; export gives the layout back, and no card's identity", arguments: ["klondike", "trick-taking-4", "texas-holdem"])
    func shippedLayouts(_ name: String) async throws {
        let text = try Self.shipped(name)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let stacks = try #require(file["stacks"] as? [[String: Any]])
        try await withServer { server in
            let answer = try await server.post("/api/table/new/", "name=Ann&layout=\(Self.encoded(text))")
            #expect(answer.status == 200, "\(answer.text)")
            let ann = TestSeat(server: server, table: try answer.ticket.tableID, number: 1, token: try answer.ticket.seat.token)
            let view = try await ann.tabletop()
            #expect(view.stacks.count == stacks.count)
            for (stack, entry) in zip(view.stacks.sorted { $0.z < $1.z }, stacks) {
                #expect(stack.x == entry["x"] as? Double && stack.y == entry["y"] as? Double, "\(stack.id)")
                let faces = String(stack.cards.map { $0 != nil ? "U" : "D" })
                #expect(faces == entry["faces"] as? String, "\(name) \(stack.id): \(faces)")
            }
            let exported = try await server.get("/api/table/\(ann.table)/export/", headers: ann.bearer)
            #expect(exported.status == 200, "\(exported.text)")
            let layout = try exported.jsonObject
            #expect((layout["stacks"] as? [[String: Any]])?.map { $0["faces"] as? String } == stacks.map { $0["faces"] as? String })
            // Face-up cards' codes are no part of a layout: it holds faces as U and D only.
            for code in view.stacks.flatMap({ $0.cards.compactMap { $0 } }) {
                #expect(!exported.text.contains("\"\(code)\""), "the export names \(code)")
            }
            // Imported again: laid out the same, dealt afresh.
            let again = try await server.post("/api/table/new/", "name=Bob&layout=\(Self.encoded(exported.text))")
            #expect(again.status == 200, "\(again.text)")
        }
    }

    @Test("a layout that is malformed, from a newer version, or holding more cards than its decks is refused with 400 naming what is wrong")
    func badLayouts() async throws {
        let klondike = try Self.shipped("klondike")
        let cases = [
            ("{\"format\": 3}", "not a table layout"),
            ("not json", "not a table layout"),
            (klondike.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 9"), "newer"),
            (klondike.replacingOccurrences(of: "\"DDDDDDU\"", with: "\"" + String(repeating: "D", count: 60) + "\""), "more cards than its decks"),
            (klondike.replacingOccurrences(of: "\"DDDDDDU\"", with: "\"DDXDDDU\""), "is not U or D"),
            (klondike.replacingOccurrences(of: "\"x\": 40,", with: "\"x\": 4000,"), "off the felt"),
            (klondike.replacingOccurrences(of: "\"DDDDDDU\"", with: "\"\""), "a stack without cards"),
            (klondike.replacingOccurrences(of: "\"id\": \"s1\"", with: "\"id\": \"deck\""), "more than one deck stack"),
            (klondike.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 0"), "no layout version"),
            (Self.manyStacks(), "too many stacks"),
        ]
        try await withServer { server in
            for (text, words) in cases {
                let answer = try await server.post("/api/table/new/", "name=Ann&layout=\(Self.encoded(text))")
                #expect(answer.status == 400, "\(text.prefix(60)): \(answer.text)")
                #expect(answer.text.contains(words), "\(answer.text)")
            }
            #expect(try await server.get("/healthz").status == 200)
        }
    }
}
