import DeckService
import Foundation

/// A store that keeps records in memory: for tests of the application layer.
package actor InMemoryRecordStore: RecordStore {
    private struct Key: Hashable {
        var kind: RecordKind
        var id: String
    }

    private var records: [Key: (state: [UInt8], changed: Date)] = [:]

    /// An empty store.
    package init() {}

    package func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) throws {
        let key = Key(kind: kind, id: id)
        guard records[key] == nil else { throw ServiceError(.conflict, .store, "already holds a \(kind.rawValue) with id \(id)") }
        records[key] = (state, time)
    }

    package func read(_ kind: RecordKind, id: String) -> [UInt8]? {
        records[Key(kind: kind, id: id)]?.state
    }

    package func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) throws -> Result? {
        let key = Key(kind: kind, id: id)
        guard let record = records[key] else { return nil }
        let (state, result) = try change(record.state)
        records[key] = (state, time)
        return result
    }

    package func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) -> Int {
        let old = records.filter { !$0.key.kind.belongsToTable && $0.key.kind != .image && $0.value.changed < cutoff }.keys
        for key in old { records[key] = nil }
        let tables = Set(records.keys.filter { $0.kind == .table }.map(\.id))
        let orphans = records.filter { key, record in
            switch key.kind {
            case .tableBackground: !tables.contains(key.id)
            case .watchLink: !tables.contains(String(decoding: record.state, as: UTF8.self))
            default: false
            }
        }.keys
        for key in orphans { records[key] = nil }
        // An image is under its digest, which a background names in its first 64 bytes.
        let named = Set(records.filter { $0.key.kind == .tableBackground }.map { String(decoding: $0.value.state.prefix(64), as: UTF8.self) })
        let unnamed = records.filter { $0.key.kind == .image && $0.value.changed < imageCutoff && !named.contains($0.key.id) }.keys
        for key in unnamed { records[key] = nil }
        return old.count + orphans.count + unnamed.count
    }

    package func count(_ kind: RecordKind) -> Int {
        records.keys.filter { $0.kind == kind }.count
    }

    package func checkHealth() {}
}
