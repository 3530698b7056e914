import DeckServerHTTP
import DeckService
import DeckStoreSupport
import DeckTestSupport
import Foundation
import Synchronization
import Testing

/// Background images served from memory, not from the store (issue 41's F1): a flood of reads
/// of one image reads it from the store once, an answer has a tag that a client holding the
/// image is answered 304 by, HEAD has the image's length, and a change drops what was held.
@Suite("Background images, served without the store")
struct BackgroundServingTests {
    /// A store that counts the reads of each kind of record.
    final class CountingStore: RecordStore {
        let base = InMemoryRecordStore()
        private let counts = Mutex<[RecordKind: Int]>([:])

        func reads(of kind: RecordKind) -> Int { counts.withLock { $0[kind, default: 0] } }

        func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {
            try await base.insert(kind, id: id, state: state, at: time)
        }
        func read(_ kind: RecordKind, id: String) async throws -> [UInt8]? {
            counts.withLock { $0[kind, default: 0] += 1 }
            return try await base.read(kind, id: id)
        }
        func update<Result: Sendable>(
            _ kind: RecordKind, id: String, at time: Date, _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
        ) async throws -> Result? {
            try await base.update(kind, id: id, at: time, change)
        }
        func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) async throws -> Int {
            try await base.deleteRecords(changedBefore: cutoff, imagesStoredBefore: imageCutoff)
        }
        func count(_ kind: RecordKind) async throws -> Int { try await base.count(kind) }
        func checkHealth() async throws { try await base.checkHealth() }
    }

    @Test("200 reads of a background, 8 at a time, read it from the store once; its tag gets 304 without it; HEAD has its length; a removal drops it")
    func servedFromMemory() async throws {
        let store = CountingStore()
        // Held in memory for longer than any run takes, so a busy machine's slow requests do
        // not outlast it and read the image again (BackgroundImageCacheTests hold the lifetime
        // on a clock they move).
        var settings = ServerSettings()
        settings.backgroundLifetime = .seconds(86_400)
        try await withApp(settings: settings, store: store) { server in
            let ann = try await server.newTable("Ann")
            let service = DeckService(store: store)
            let image = [UInt8](repeating: 0xAB, count: 1 << 20)
            let view = try await service.setBackground(at: ann.table, token: ann.token, image: (image, "image/png"))
            let number = try #require(view.felt.background)
            let path = "/api/table/\(ann.table)/background/\(number)"
            let before = (store.reads(of: .tableBackground), store.reads(of: .table))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<25 {
                            let answer = try await server.get(path)
                            #expect(answer.status == 200 && answer.body.count == image.count)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(store.reads(of: .tableBackground) - before.0 == 1, "the image was read from the store \(store.reads(of: .tableBackground) - before.0) times")
            #expect(store.reads(of: .table) - before.1 <= 1, "the table was read \(store.reads(of: .table) - before.1) times")

            let answer = try await server.get(path)
            let tag = try #require(answer.headers.first(name: "etag"))
            #expect(tag.hasPrefix("\"") && tag.count == 34, "\(tag)")
            #expect(answer.headers.first(name: "cache-control") == "public, max-age=31536000, immutable")
            let held = try await server.get(path, headers: [("If-None-Match", tag)])
            #expect(held.status == 304 && held.body.isEmpty && held.headers.first(name: "etag") == tag)
            #expect(try await server.get(path, headers: [("If-None-Match", "\"other\"")]).status == 200)
            let head = try await server.request(.HEAD, path)
            #expect(head.status == 200 && head.body.isEmpty && head.headers.first(name: "content-length") == String(image.count))

            #expect(try await ann.felt("background", "remove=true").status == 200)
            #expect(try await server.get(path).status == 404, "a removed background is no longer served")
        }
    }

    /// The head of an upload of `length` bytes to `table`'s background, with `token`, and
    /// `query` after the path; `length` nil sends it in chunks.
    static func uploadHead(_ table: String, token: String?, length: Int?, query: String = "") -> String {
        "POST /api/table/\(table)/felt/background\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n"
            + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "")
            + (length.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n") + "\r\n"
    }

    @Test("an upload is refused from its head alone, before any of the file is sent: no token, not the creator, a removal with a body, no length, a length past the limit or past the address's budget")
    func refusedBeforeRead() async throws {
        try await withServer(arguments: ["--upload-mb-per-day", "3"]) { server in
            let ann = try await server.newTable("Ann")
            let bob = try await server.join(ann.table, "Bob")
            let cases: [(token: String?, length: Int?, query: String, status: Int, says: String)] = [
                (nil, 3_000_000, "", 401, "token"),
                ("bogus", 3_000_000, "?remove=true", 401, "token"),
                ("bogus", 500_000_000, "", 401, "token"),
                (bob.token, 3_000_000, "", 403, "only the seat that made the table"),
                (ann.token, 3_000_000, "?remove=true", 400, "sends no file but has a body"),
                (ann.token, nil, "", 411, "no Content-Length"),
                (ann.token, 500_000_000, "", 413, "larger than 4 MiB"),
                (ann.token, 4_000_000, "", 429, "3 MiB a day"),
            ]
            for (token, length, query, status, says) in cases {
                let connection = try RawConnection(port: server.process.port)
                // The head only: an answer can come only from it.
                try connection.send(Self.uploadHead(ann.table, token: token, length: length, query: query))
                let answer = await connection.readAnswer()
                #expect(RawHTTP.status(answer) == status && answer.contains(says), "\(query) \(length ?? -1): \(answer)")
                if status == 429 { #expect(answer.lowercased().contains("retry-after: "), "\(answer)") }
            }

            // A length is taken from the budget when the head comes: two uploads sent at once
            // cannot together pass it. One that ends before its end gives its length back.
            let first = try RawConnection(port: server.process.port)
            try first.send(Self.uploadHead(ann.table, token: ann.token, length: 2_000_000) + "xxxx")
            try await waitUntil("the first upload admitted") { try await server.metric("background_uploads_in_progress") == 1 }
            let second = try RawConnection(port: server.process.port)
            try second.send(Self.uploadHead(ann.table, token: ann.token, length: 2_000_000))
            let refused = await second.readAnswer()
            #expect(RawHTTP.status(refused) == 429, "\(refused)")
            first.hangUp()
            try await waitUntil("the cut upload's place given back") { try await server.metric("background_uploads_in_progress") == 0 }
            // Nothing stored: the 2 MB came back with the place.
            let third = try RawConnection(port: server.process.port)
            try third.send(Self.uploadHead(ann.table, token: ann.token, length: 2_000_000) + String(repeating: "x", count: 2_000_000))
            let answer = await third.readAnswer()
            #expect(RawHTTP.status(answer) == 400 && answer.contains("not a PNG or JPEG"), "\(answer)")
        }
    }

    @Test("at most 8 uploads are in progress at once and 2 from one address: past them 503 with Retry-After before the file is read; each place comes back when its upload ends, cut or answered")
    func uploadsInProgressAtOnce() async throws {
        try await withServer(arguments: ["--body-timeout", "120"]) { server in
            let ann = try await server.newTable("Ann")
            let length = 1_000
            /// Sends uploads from `sources`, each its head and 4 bytes, which then wait: each
            /// holds its place, or is refused. Hands back every answer, by the order sent,
            /// once `refused` are answered and `finish` has ended the others.
            func uploads(
                from sources: [[String]], refused: [Int], finish: @escaping ([Int], [RawConnection]) throws -> Void
            ) async throws -> [String] {
                final class Answers: Sendable {
                    let byIndex = Mutex<[Int: String]>([:])
                    func withLock<R>(_ body: (inout [Int: String]) -> R) -> R { byIndex.withLock { body(&$0) } }
                }
                let answers = Answers()
                var connections: [RawConnection] = []
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // Each group of sources waits for its refusals before the next is sent,
                    // so that which uploads hold places does not depend on the server's order.
                    for (sources, refused) in zip(sources, refused) {
                        for source in sources {
                            let connection = try RawConnection(port: server.process.port, source: source)
                            try connection.send(Self.uploadHead(ann.table, token: ann.token, length: length) + "nope")
                            let index = connections.count
                            connections.append(connection)
                            group.addTask {
                                let answer = await connection.readAnswer(timeout: .seconds(120))
                                answers.withLock { $0[index] = answer }
                            }
                        }
                        try await waitUntil("\(refused) uploads refused") { answers.withLock { $0.count } >= refused }
                    }
                    try finish(connections.indices.filter { index in answers.withLock { $0[index] } == nil }, connections)
                    try await group.waitForAll()
                }
                return answers.withLock { answers in connections.indices.map { answers[$0] ?? "" } }
            }
            let rest = String(repeating: "x", count: length - 4)

            // One address: two places, its third upload refused. Ten more addresses: the six
            // places left, four refused. Two of the held uploads are cut, the rest sent whole.
            let first = try await uploads(
                from: [Array(repeating: "127.0.0.2", count: 3), (10..<20).map { "127.0.0.\($0)" }], refused: [1, 5]
            ) { held, connections in
                for (position, index) in held.enumerated() {
                    if position < 2 { connections[index].hangUp() } else { try connections[index].send(rest) }
                }
            }
            let statuses = first.map { RawHTTP.status($0) ?? 0 }
            #expect(statuses.sorted() == [0, 0] + Array(repeating: 400, count: 6) + Array(repeating: 503, count: 5), "\(statuses)")
            #expect(first.prefix(3).filter { $0.contains("this address is sending 2 files already") }.count == 1, "\(first.prefix(3))")
            for answer in first where RawHTTP.status(answer) == 503 {
                #expect(answer.lowercased().contains("retry-after: 2\r\n"), "\(answer)")
            }
            for answer in first.dropFirst(3) where RawHTTP.status(answer) == 503 {
                #expect(answer.contains("the server is taking 8 files already"), "\(answer)")
            }
            for answer in first where RawHTTP.status(answer) == 400 {
                #expect(answer.contains("not a PNG or JPEG"), "\(answer)")
            }

            // Every place comes back, cut or answered: nine at once find eight places again.
            try await waitUntil("every place given back") { try await server.metric("background_uploads_in_progress") == 0 }
            let second = try await uploads(from: [(30..<39).map { "127.0.0.\($0)" }], refused: [1]) { held, connections in
                for index in held { try connections[index].send(rest) }
            }
            #expect(second.map { RawHTTP.status($0) ?? 0 }.sorted() == Array(repeating: 400, count: 8) + [503])
        }
    }
}
