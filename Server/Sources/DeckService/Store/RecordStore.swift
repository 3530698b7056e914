import Foundation

/// Where decks and games are kept: one row per record (kind, id, state, last change).
///
/// Every change is a load–modify–save of one record in one transaction, so two requests on the
/// same record are serialised by the store and a change is durable before `update` returns.
/// Implementations: SQLite (embedded, the default) and, for many server instances, PostgreSQL.
///
/// Stores throw ``ServiceError`` with kind `unavailable` when the database cannot be reached;
/// errors thrown by a `change` closure pass through unchanged, and the record stays as it was.
public protocol RecordStore: Sendable {
    /// Saves a new record.
    func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws

    /// The state of a record, or `nil` when there is none with this id.
    func read(_ kind: RecordKind, id: String) async throws -> [UInt8]?

    /// Loads a record, lets `change` compute its new state and a result, and saves the state,
    /// all in one transaction; `nil` when there is no record with this id.
    ///
    /// When `change` throws, nothing is saved and the error is rethrown. A store may apply
    /// several callers' changes to one record in one transaction, one after another, provided
    /// each sees the state the one before it left and none returns before the commit.
    func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) async throws -> Result?

    /// Deletes the records last changed before `cutoff`, those that belong to a table
    /// (``RecordKind/belongsToTable``) whose table is gone, and the images
    /// (``RecordKind/image``) no remaining background names that were last stored before
    /// `imageCutoff`; returns how many.
    ///
    /// An image stored again (``update(_:id:at:_:)``) once a background names it is never
    /// deleted, even by a deletion under way meanwhile: the `imageCutoff` condition is checked
    /// again against the row it deletes.
    func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) async throws -> Int

    /// Whether this server should run the periodic job named `job` now, which runs every
    /// `interval` seconds: `false` when a server sharing this store ran it less than `interval`
    /// seconds ago. A `true` answer records the run.
    func claimJob(_ job: String, every interval: TimeInterval) async throws -> Bool

    /// How many records of `kind` are stored.
    func count(_ kind: RecordKind) async throws -> Int

    /// Throws when the store cannot answer queries now.
    func checkHealth() async throws
}

extension RecordStore {
    /// Always `true`: a store that only one server uses has nobody to share jobs with.
    public func claimJob(_ job: String, every interval: TimeInterval) async throws -> Bool { true }
}
