import DeckServerHTTP
import Foundation
import Testing

@Suite("The OpenAPI description matches the server")
struct OpenAPITests {
    /// `/api/deck/{deck_id}/` and `/api/deck/:id` both become `/api/deck/{}`.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/").map { $0.hasPrefix(":") || $0.hasPrefix("{") ? "{}" : String($0) }
        return "/" + parts.joined(separator: "/")
    }

    @Test("every route is described, every described operation is served")
    func specMatchesRoutes() async throws {
        try await withServer { server in
            let answer = try await server.get("/openapi.json")
            #expect(answer.status == 200)
            let spec = try answer.decode(OpenAPIDocument.self)
            #expect(spec.openapi == "3.1.0")
            let paths = spec.paths

            var described = Set<String>()
            for (path, operations) in paths {
                for method in operations.keys { described.insert("\(method.uppercased()) \(Self.normalized(path))") }
            }
            let served = Set(deckServerRoutes().map { "\($0.method) \(Self.normalized($0.path))" })
            #expect(served.subtracting(described).isEmpty, "routes missing from /openapi.json: \(served.subtracting(described).sorted())")
            #expect(described.subtracting(served).isEmpty, "described but not served: \(described.subtracting(served).sorted())")

            // Each described operation answers on the live server (not "no such endpoint").
            let id = try await server.newDeck()
            _ = try await server.get("/api/deck/\(id)/draw/?count=3")
            for (path, operations) in paths.sorted(by: { $0.key < $1.key }) {
                let concrete = path.replacingOccurrences(of: "{deck_id}", with: id)
                    .replacingOccurrences(of: "{pile}", with: "p").replacingOccurrences(of: "{file}", with: "QH.png")
                    .replacingOccurrences(of: "{game_id}", with: "nosuchgame").replacingOccurrences(of: "{table_id}", with: "nosuchtable").replacingOccurrences(of: "{index}", with: "0")
                for method in operations.keys {
                    let result = method == "post" ? try await server.post(concrete) : try await server.get(concrete)
                    #expect(!result.error.contains("no such endpoint"), "\(method) \(concrete) is not served")
                    #expect(result.status < 500, "\(method) \(concrete): \(result.status) \(result.text)")
                }
            }
        }
    }
}

/// The parts of an OpenAPI document the test reads: its version and each path's operations.
private struct OpenAPIDocument: Decodable {
    /// An operation; its contents are not read here.
    struct Operation: Decodable {}

    var openapi: String
    var paths: [String: [String: Operation]]
}
