import AsyncHTTPClient
import Foundation

/// Runs `body` against a fresh server on `store`, then stops it and removes its data.
func withServer(_ store: TestStore = .sqlite, arguments: [String] = [], _ body: (TestServer) async throws -> Void) async throws {
    let process = try await ServerProcess(database: store.newDatabase(), arguments: arguments)
    defer {
        process.stop()
        process.removeData()
    }
    try await body(TestServer(process: process))
}

/// A running server and the calls tests make on it.
struct TestServer: Sendable {
    let process: ServerProcess
    var client: HTTPClient { .shared }
    var base: String { process.baseURL }

    /// GET `path` (with its query).
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Answer {
        try await client.call(base + path, headers: headers)
    }

    /// POST `form` to `path`.
    func post(_ path: String, _ form: String = "") async throws -> Answer {
        try await client.call(base + path, method: .POST, form: form)
    }

    /// Makes a deck and returns its id.
    func newDeck(_ query: String = "") async throws -> String {
        let answer = try await get("/api/deck/new/\(query)")
        guard answer.status == 200, let id = answer.json["deck_id"] as? String else {
            throw ServerProcessError(message: "new deck failed: \(answer.status) \(answer.text)")
        }
        return id
    }
}

extension Answer {
    /// The codes of the `cards` array.
    var codes: [String] { (json["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
    /// `remaining`.
    var remaining: Int? { json["remaining"] as? Int }
    /// `error`.
    var error: String { json["error"] as? String ?? "" }
    /// A pile's `remaining`.
    func pileCount(_ name: String) -> Int? { ((json["piles"] as? [String: Any])?[name] as? [String: Any])?["remaining"] as? Int }
    /// A listed pile's card codes.
    func pileCodes(_ name: String) -> [String] {
        let pile = (json["piles"] as? [String: Any])?[name] as? [String: Any]
        return (pile?["cards"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }
}
