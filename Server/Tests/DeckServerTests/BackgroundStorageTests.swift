@testable import DeckService
import DeckStorePostgres
import DeckStoreSQLite
import DeckStoreSupport
import Foundation
import Testing

/// Background images stored by their content (issue 41): one image record under the SHA-256 of
/// its bytes however many tables show it, named by each table's background record, and deleted
/// by the sweep once no table names it; on each store.
@Suite("Background images, stored by their content")
struct BackgroundStorageTests {
    enum Store: String, CaseIterable, CustomStringConvertible {
        case memory, sqlite, postgres
        var description: String { rawValue }
    }

    /// Runs `body` with a new, empty store of `kind`, removed afterwards.
    static func withStore(_ kind: Store, _ body: (any RecordStore) async throws -> Void) async throws {
        switch kind {
        case .memory:
            try await body(InMemoryRecordStore())
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-images-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await body(try SQLiteRecordStore(folder: folder.path))
        case .postgres:
            try await PostgresGroupCommitTests.withStores(1) { stores in try await body(stores[0]) }
        }
    }

    @Test("an image is stored once however many tables show it; each table serves it by its own number; the sweep deletes it once no table shows it, and keeps what tables show", arguments: Store.allCases)
    func storedOnce(_ kind: Store) async throws {
        try await Self.withStore(kind) { store in
            let service = DeckService(store: store)
            let ann = try await service.newTable(NewTableRequest(name: "Ann"))
            let cat = try await service.newTable(NewTableRequest(name: "Cat"))
            let (first, second) = ([UInt8](repeating: 0x5A, count: 300_000), [UInt8](repeating: 0x33, count: 1_000))

            let annFirst = try await service.setBackground(at: ann.table.id, token: ann.token, image: (first, "image/png"))
            let catFirst = try await service.setBackground(at: cat.table.id, token: cat.token, image: (first, "image/png"))
            #expect(try await store.count(.image) == 1, "one image however many tables show it")
            for (id, view) in [(ann.table.id, annFirst), (cat.table.id, catFirst)] {
                let served = try await service.background(of: id, number: try #require(view.felt.background))
                #expect(served.bytes == first && served.mediaType == "image/png")
            }

            // Ann shows another image: both are shown by a table, and the sweep keeps both.
            let annSecond = try await service.setBackground(at: ann.table.id, token: ann.token, image: (second, "image/jpeg"))
            #expect(try await store.count(.image) == 2)
            #expect(try await store.deleteRecords(changedBefore: .distantPast, imagesStoredBefore: .distantFuture) == 0)
            #expect(try await store.count(.image) == 2)
            await #expect(throws: ServiceError.self, "Ann's first number is no longer hers") {
                try await service.background(of: ann.table.id, number: try #require(annFirst.felt.background))
            }

            // Cat removes hers: no table shows the first image now, and the sweep deletes it.
            _ = try await service.setBackground(at: cat.table.id, token: cat.token, image: nil)
            // Kept while it was stored lately (an upload of it may be under way), then deleted.
            #expect(try await store.deleteRecords(changedBefore: .distantPast, imagesStoredBefore: Date(timeIntervalSinceNow: -600)) == 0)
            #expect(try await store.deleteRecords(changedBefore: .distantPast, imagesStoredBefore: .distantFuture) == 1)
            #expect(try await store.count(.image) == 1)
            let served = try await service.background(of: ann.table.id, number: try #require(annSecond.felt.background))
            #expect(served.bytes == second && served.mediaType == "image/jpeg")

            // The first image again, after its deletion: stored anew.
            let catAgain = try await service.setBackground(at: cat.table.id, token: cat.token, image: (first, "image/png"))
            #expect(try await service.background(of: cat.table.id, number: try #require(catAgain.felt.background)).bytes == first)
            #expect(try await store.count(.image) == 2)
        }
    }

    @Test("a background record written before images were stored by their content is still served, and the sweep keeps it", arguments: Store.allCases)
    func inlineRecordServed(_ kind: Store) async throws {
        try await Self.withStore(kind) { store in
            let service = DeckService(store: store)
            let ann = try await service.newTable(NewTableRequest(name: "Ann"))
            let view = try await service.setBackground(at: ann.table.id, token: ann.token, image: ([1, 2, 3], "image/png"))
            let number = try #require(view.felt.background)
            // The earlier form: the number in 4 bytes, the media type after its length, the bytes.
            let image: [UInt8] = [9, 8, 7, 6]
            let legacy = [0, 0, 0, UInt8(number), UInt8("image/jpeg".utf8.count)] + Array("image/jpeg".utf8) + image
            _ = try await store.update(.tableBackground, id: ann.table.id, at: Date()) { _ in (legacy, ()) }
            // The image the new form named is named no more; the legacy record stays.
            #expect(try await store.deleteRecords(changedBefore: .distantPast, imagesStoredBefore: .distantFuture) == 1)
            let served = try await service.background(of: ann.table.id, number: number)
            #expect(served.bytes == image && served.mediaType == "image/jpeg")
        }
    }

    @Test("a table deleted as idle takes its background record and, unless another table shows it, its image", arguments: Store.allCases)
    func idleTableTakesItsImage(_ kind: Store) async throws {
        try await Self.withStore(kind) { store in
            let service = DeckService(store: store)
            let (ann, cat) = (try await service.newTable(NewTableRequest(name: "Ann")), try await service.newTable(NewTableRequest(name: "Cat")))
            _ = try await service.setBackground(at: ann.table.id, token: ann.token, image: ([1, 1], "image/png"))
            _ = try await service.setBackground(at: ann.table.id, token: ann.token, image: nil)
            _ = try await service.setBackground(at: ann.table.id, token: ann.token, image: ([2, 2], "image/png"))
            _ = try await service.setBackground(at: cat.table.id, token: cat.token, image: ([3, 3], "image/png"))
            #expect(try await store.count(.image) == 3)
            // Ann's table two days idle, instead of waiting for it to age.
            _ = try await store.update(.table, id: ann.table.id, at: Date(timeIntervalSinceNow: -2 * 86_400)) { ($0, ()) }
            // Ann's table, its background record, and its two images (the removed one too).
            #expect(try await store.deleteRecords(changedBefore: Date(timeIntervalSinceNow: -86_400), imagesStoredBefore: .distantFuture) == 4)
            #expect(try await store.count(.image) == 1)
            #expect(try await store.count(.tableBackground) == 1)
            let view = try await service.tabletop(cat.table.id, token: cat.token)
            #expect(try await service.background(of: cat.table.id, number: try #require(view.felt.background)).bytes == [3, 3])
        }
    }

    @Test("two uploads to one table at once never give one number two images: each number the table shows serves the image it was given", arguments: Store.allCases)
    func uploadsAtOnce(_ kind: Store) async throws {
        try await Self.withStore(kind) { store in
            let service = DeckService(store: store)
            let ann = try await service.newTable(NewTableRequest(name: "Ann"))
            var given: [Int: [UInt8]] = [:]
            for round in 0..<10 {
                let images: [[UInt8]] = [[UInt8(round), 1], [UInt8(round), 2]]
                let views = await withTaskGroup(of: (Int, TabletopView?).self) { group in
                    for (index, image) in images.enumerated() {
                        group.addTask { (index, try? await service.setBackground(at: ann.table.id, token: ann.token, image: (image, "image/png"))) }
                    }
                    return await group.reduce(into: [Int: TabletopView]()) { $0[$1.0] = $1.1 }
                }
                #expect(!views.isEmpty, "round \(round): neither upload went through")
                for (index, view) in views {
                    let number = try #require(view.felt.background)
                    #expect(given[number] == nil, "round \(round): number \(number) given twice")
                    given[number] = images[index]
                }
                let shown = try #require(try await service.tabletop(ann.table.id, token: ann.token).felt.background)
                #expect(try await service.background(of: ann.table.id, number: shown).bytes == given[shown], "round \(round)")
            }
        }
    }

    @Test("an image uploaded again is stored again, its time renewed: a sweep that finds no background naming it (as one that began before the upload named it would) spares it", arguments: Store.allCases)
    func uploadedAgainIsRenewed(_ kind: Store) async throws {
        try await Self.withStore(kind) { store in
            let service = DeckService(store: store)
            let (ann, cat) = (try await service.newTable(NewTableRequest(name: "Ann")), try await service.newTable(NewTableRequest(name: "Cat")))
            let image: [UInt8] = [7, 7, 7]
            let digest = StoredImage.digest(of: image)
            _ = try await service.setBackground(at: ann.table.id, token: ann.token, image: (image, "image/png"))
            _ = try await service.setBackground(at: ann.table.id, token: ann.token, image: nil)
            // Stored an hour ago, and named by no background since.
            #expect(try await store.update(.image, id: digest, at: Date(timeIntervalSinceNow: -3_600)) { ($0, ()) } != nil)
            _ = try await service.setBackground(at: cat.table.id, token: cat.token, image: (image, "image/png"))
            // What a sweep that began before Cat's upload named the image sees: no name.
            _ = try await store.update(.tableBackground, id: cat.table.id, at: Date()) { _ in (Array("removed 0".utf8), ()) }
            #expect(try await store.deleteRecords(changedBefore: .distantPast, imagesStoredBefore: Date(timeIntervalSinceNow: -600)) == 0)
            #expect(try await store.count(.image) == 1)
        }
    }
}
