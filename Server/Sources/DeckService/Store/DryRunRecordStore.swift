import Foundation

/// A store that reads from another and saves nothing: a change is computed on the stored state
/// and its result returned, then dropped. Behind ``DeckService/dryRun``.
struct DryRunRecordStore: RecordStore {
    /// The store read from.
    let base: any RecordStore

    func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {}

    func read(_ kind: RecordKind, id: String) async throws -> [UInt8]? {
        try await base.read(kind, id: id)
    }

    func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) async throws -> Result? {
        guard let state = try await base.read(kind, id: id) else { return nil }
        return try change(state).result
    }

    func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) async throws -> Int { 0 }

    func claimJob(_ job: String, every interval: TimeInterval) async throws -> Bool { false }

    func count(_ kind: RecordKind) async throws -> Int {
        try await base.count(kind)
    }

    func checkHealth() async throws {
        try await base.checkHealth()
    }
}
