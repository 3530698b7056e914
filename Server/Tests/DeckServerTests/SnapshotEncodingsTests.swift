@testable import DeckServerHTTP
@testable import DeckService
import Foundation
import NIOCore
import PlayingCards
import Testing

/// The events' bytes kept HTTP-side, by the snapshot they encode: once per snapshot and key,
/// and gone once the snapshot is.
@Suite("Event bytes kept per snapshot")
struct SnapshotEncodingsTests {
    static func snapshot(version: Int = 1) -> TableSnapshot {
        var table = Tabletop(deck: PlayingCard.standardDeck, seats: 2, seeded: false)
        table.version = version
        return TableSnapshot(id: "t", table: table, previous: nil, time: Date(timeIntervalSince1970: 0))
    }

    @Test("one snapshot and key are encoded once, a nil kept too; another key or snapshot is encoded anew")
    func once() {
        let encodings = SnapshotEncodings()
        let first = Self.snapshot()
        var made = 0
        let make = { () -> ByteBuffer? in
            made += 1
            return ByteBuffer(string: "event \(made)")
        }
        #expect(encodings.bytes(of: first, "view 1", make) == ByteBuffer(string: "event 1"))
        #expect(encodings.bytes(of: first, "view 1", make) == ByteBuffer(string: "event 1"))
        #expect(made == 1)
        #expect(encodings.bytes(of: first, "view 2", make) == ByteBuffer(string: "event 2"))
        let second = Self.snapshot(version: 2)
        #expect(encodings.bytes(of: second, "view 1", make) == ByteBuffer(string: "event 3"))
        var none = 0
        for _ in 0..<3 { #expect(encodings.bytes(of: first, "change 1") { none += 1; return nil } == nil) }
        #expect(none == 1, "no event to send is kept as such")
        withExtendedLifetime((first, second)) {}
    }

    @Test("the bytes of freed snapshots go as new ones come; those of live ones stay")
    func freed() {
        let encodings = SnapshotEncodings()
        let kept = Self.snapshot()
        _ = encodings.bytes(of: kept, "view") { ByteBuffer(string: "kept") }
        for version in 2...1_000 {
            let passing = Self.snapshot(version: version)
            #expect(encodings.bytes(of: passing, "view") { ByteBuffer(string: "\(version)") } == ByteBuffer(string: "\(version)"))
        }
        #expect(encodings.count < 130, "\(encodings.count) entries kept for 1 live snapshot")
        var made = false
        #expect(encodings.bytes(of: kept, "view") { made = true; return nil } == ByteBuffer(string: "kept"))
        #expect(!made)
        withExtendedLifetime(kept) {}
    }
}
