import DeckService
import DeckStoreSQLite
import Foundation
import PlayingCards
import Synchronization

/// One change as the decorator saw it.
struct WriteSample: Sendable {
    /// The `update` call, end to end.
    var call: Duration
    /// The service's closure alone, inside the transaction.
    var closure: Duration
    /// The record's bytes before and after.
    var bytesIn: Int
    var bytesOut: Int
}

/// A store that times every `update` of the store it wraps.
final class TimedStore: RecordStore {
    let inner: any RecordStore
    private let samples = Mutex<[WriteSample]>([])

    init(_ inner: any RecordStore) {
        self.inner = inner
    }

    /// The samples since the last call.
    func drain() -> [WriteSample] {
        samples.withLock { samples in
            defer { samples = [] }
            return samples
        }
    }

    /// What the closure measured, from inside the transaction.
    private final class Inside: Sendable {
        let value = Mutex<(closure: Duration, bytesIn: Int, bytesOut: Int)>((.zero, 0, 0))
    }

    func update<Result: Sendable>(
        _ kind: RecordKind, id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result)
    ) async throws -> Result? {
        let inside = Inside()
        let start = ContinuousClock.now
        let result = try await inner.update(kind, id: id, at: time) { bytes in
            let begin = ContinuousClock.now
            let output = try change(bytes)
            let elapsed = ContinuousClock.now - begin
            inside.value.withLock { $0 = ($0.closure + elapsed, bytes.count, output.state.count) }
            return output
        }
        let call = ContinuousClock.now - start
        let measured = inside.value.withLock { $0 }
        samples.withLock {
            $0.append(WriteSample(call: call, closure: measured.closure, bytesIn: measured.bytesIn, bytesOut: measured.bytesOut))
        }
        return result
    }

    func insert(_ kind: RecordKind, id: String, state: [UInt8], at time: Date) async throws {
        try await inner.insert(kind, id: id, state: state, at: time)
    }

    func read(_ kind: RecordKind, id: String) async throws -> [UInt8]? {
        try await inner.read(kind, id: id)
    }

    func deleteRecords(changedBefore cutoff: Date, imagesStoredBefore imageCutoff: Date) async throws -> Int {
        try await inner.deleteRecords(changedBefore: cutoff, imagesStoredBefore: imageCutoff)
    }

    func claimJob(_ job: String, every interval: TimeInterval) async throws -> Bool {
        try await inner.claimJob(job, every: interval)
    }

    func count(_ kind: RecordKind) async throws -> Int {
        try await inner.count(kind)
    }

    func checkHealth() async throws {
        try await inner.checkHealth()
    }
}

extension Duration {
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}
