import DeckService
import DeckStoreSupport
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
        func deleteRecords(changedBefore cutoff: Date) async throws -> Int { try await base.deleteRecords(changedBefore: cutoff) }
        func count(_ kind: RecordKind) async throws -> Int { try await base.count(kind) }
        func checkHealth() async throws { try await base.checkHealth() }
    }

    @Test("200 reads of a background, 8 at a time, read it from the store once; its tag gets 304 without it; HEAD has its length; a removal drops it")
    func servedFromMemory() async throws {
        let store = CountingStore()
        try await withApp(store: store) { server in
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

    @Test("an upload is refused from its head alone, before any of the file is sent: no token (401), not the creator (403), a length past the limit (413)")
    func refusedBeforeRead() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            let bob = try await server.join(ann.table, "Bob")
            func head(token: String?, length: Int) -> String {
                "POST /api/table/\(ann.table)/felt/background HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n"
                    + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "") + "Content-Length: \(length)\r\n\r\n"
            }
            for (token, length, status) in [(nil, 4_000_000, 401), (bob.token, 4_000_000, 403), (ann.token, 500_000_000, 413)] {
                let connection = try RawConnection(port: server.process.port)
                // The head only: an answer can come only from it.
                try connection.send(head(token: token, length: length))
                let answer = await connection.readAnswer()
                #expect(RawHTTP.status(answer) == status, "\(answer)")
            }
        }
    }

    @Test("at most 8 uploads are received at once: past them an upload is answered 503 with Retry-After before its file is read; those received are read to their end")
    func uploadsReceivedAtOnce() async throws {
        try await withServer { server in
            let ann = try await server.newTable("Ann")
            // A chunked upload that sends a first chunk and waits: it holds its place.
            let head = "POST /api/table/\(ann.table)/felt/background HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n"
                + "Authorization: Bearer \(ann.token)\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nnope\r\n"
            let connections = try (0..<12).map { _ in try RawConnection(port: server.process.port) }
            for connection in connections { try connection.send(head) }
            final class Answers: Sendable {
                let byConnection = Mutex<[Int: String]>([:])
                func withLock<R>(_ body: (inout [Int: String]) -> R) -> R { byConnection.withLock { body(&$0) } }
            }
            let answers = Answers()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, connection) in connections.enumerated() {
                    group.addTask {
                        let answer = await connection.readAnswer(timeout: .seconds(60))
                        answers.withLock { $0[index] = answer }
                    }
                }
                // Four answered while eight are held; then each held one is ended in turn, and
                // answered from what it sent: it was being read.
                try await waitUntil("4 uploads refused") { answers.withLock { $0.count } == 4 }
                for index in connections.indices where answers.withLock({ $0[index] }) == nil {
                    try connections[index].send("0\r\n\r\n")
                    try await waitUntil("upload \(index) answered") { answers.withLock { $0[index] } != nil }
                }
                try await group.waitForAll()
            }
            let statuses = answers.withLock { $0 }.mapValues { RawHTTP.status($0) ?? 0 }
            #expect(statuses.values.filter { $0 == 503 }.count == 4 && statuses.values.filter { $0 == 400 }.count == 8, "\(statuses)")
            for answer in answers.withLock({ $0.values }) where RawHTTP.status(answer) == 503 {
                #expect(answer.lowercased().contains("retry-after: 2\r\n") && answer.contains("files already"), "\(answer)")
            }
        }
    }
}
