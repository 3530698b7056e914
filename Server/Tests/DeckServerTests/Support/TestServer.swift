@testable import DeckServerHTTP
import AsyncHTTPClient
import DeckService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import DeckStoreSupport
import DeckTestSupport

/// Runs `body` against a fresh built `deck-server` process on `store`, then stops it and
/// removes its data: for what only a real process shows (durability, signals, the log, options).
func withServer(_ store: TestStore = .sqlite, arguments: [String] = [], _ body: (TestServer) async throws -> Void) async throws {
    let process = try await ServerProcess(database: store.newDatabase(), arguments: arguments)
    try await withCleanup {
        try await body(TestServer(process: process))
    } cleanup: {
        await process.stopAndRemoveData()
    }
}

/// Runs `body` against two built `deck-server` processes on one new PostgreSQL database (of
/// `cluster`, or of the shared one), then stops both: for what must cross instances.
func withTwoInstances(
    cluster: PostgresCluster? = nil, arguments: [String] = [], _ body: (TestServer, TestServer) async throws -> Void
) async throws {
    let owner = if let cluster { cluster } else { try await PostgresCluster.shared }
    let (first, second) = try await ServerProcess.two(on: try await owner.createDatabase(), arguments: arguments)
    try await withCleanup {
        try await body(TestServer(process: first), TestServer(process: second))
    } cleanup: {
        await first.stop()
        await second.stop()
    }
}

/// Runs `body` against the server's router in this process, over an in-memory store and
/// without sockets: the fast tier, for validation and the shape of answers.
func withApp(
    settings: ServerSettings = ServerSettings(), store: any RecordStore = InMemoryRecordStore(),
    _ body: @escaping @Sendable (TestServer) async throws -> Void
) async throws {
    var logger = Logger(label: "deck-server-test")
    logger.logLevel = .warning
    let app = buildDeckServer(settings: settings, service: DeckService(store: store, streams: settings.streams), logger: logger)
    try await app.test(.router) { client in
        try await body(TestServer(base: "http://localhost") { method, path, headers, body in
            var fields = HTTPFields()
            for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
            let response = try await client.executeRequest(
                uri: path, method: HTTPRequest.Method(method.rawValue)!, headers: fields, body: body.map { ByteBuffer(string: $0) })
            var answerHeaders = HTTPHeaders()
            for field in response.headers { answerHeaders.add(name: field.name.rawName, value: field.value) }
            return Answer(status: Int(response.status.code), headers: answerHeaders, body: Array(buffer: response.body))
        })
    }
}

/// A server under test, in a process or in this one, and the calls tests make on it.
struct TestServer: Sendable {
    /// Sends a request: method, path with its query, headers, and a body.
    typealias Send = @Sendable (HTTPMethod, String, [(String, String)], String?) async throws -> Answer

    /// The base URL links in answers start with.
    let base: String
    /// The process serving, for tests that talk to its socket or signal it; `nil` in process.
    let process: ServerProcess!
    private let send: Send

    init(base: String, process: ServerProcess? = nil, send: @escaping Send) {
        self.base = base
        self.process = process
        self.send = send
    }

    /// The server `process` serves, over HTTP.
    init(process: ServerProcess) {
        let base = process.baseURL
        self.init(base: base, process: process) { method, path, headers, body in
            try await HTTPClient.shared.call(base + path, method: method, form: body, headers: headers)
        }
    }

    /// GET `path` (with its query).
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Answer {
        try await send(.GET, path, headers, nil)
    }

    /// POST `form` to `path`, as a URL-encoded form unless `headers` give another type.
    func post(_ path: String, _ form: String = "", headers: [(String, String)] = []) async throws -> Answer {
        var headers = headers
        if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
        }
        return try await send(.POST, path, headers, form)
    }

    /// Any method on `path`, with no body.
    func request(_ method: HTTPMethod, _ path: String, headers: [(String, String)] = []) async throws -> Answer {
        try await send(method, path, headers, nil)
    }

    /// Makes a deck and returns its id.
    func newDeck(_ query: String = "") async throws -> String {
        let answer = try await get("/api/deck/new/\(query)")
        guard answer.status == 200 else { throw ServerProcessError(message: "new deck failed: \(answer.status) \(answer.text)") }
        return try answer.deck.deckID
    }
}
