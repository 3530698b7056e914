@testable import DeckService
import Foundation
import Testing

/// What a server may answer to a drag without reading the store: only what the newest read
/// and the holds heard since say, and nothing once the table has changed.
@Suite("Drag permits")
struct DragPermitsTests {
    private let now = TabletopFixtures.start
    private let seat1 = String(repeating: "0", count: 64)
    private let seat2 = String(repeating: "1", count: 64)

    /// The version of a fresh table.
    private let base = TabletopFixtures.table().version

    /// Permits of a server whose feed hears.
    private static func hearing(capacity: Int = 4_096) -> DragPermits {
        var permits = DragPermits(capacity: capacity)
        permits.hearAfresh()
        return permits
    }

    /// A table where seat 1 holds the deck, `changes` versions after ``base``.
    private func table(changes: Int = 0) -> Tabletop {
        var table = TabletopFixtures.table()
        _ = try! table.hold("deck", by: 1, at: now)
        table.version += changes
        return table
    }

    @Test("a read that shows the hold permits its seat's drags, and no other seat's, stack's or time's")
    func learnt() {
        var permits = Self.hearing()
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "nothing read yet")
        permits.reading("t", at: now)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "a read under way says nothing")
        permits.learn(table(), id: "t")
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == 1)
        #expect(permits.seat(table: "t", tokenHash: seat2, stack: "deck", at: now) == nil)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "s9", at: now) == nil)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now + Tabletop.holdDuration) == nil, "the hold ran out")
        #expect(permits.seat(table: "u", tokenHash: seat1, stack: "deck", at: now) == nil)
    }

    @Test("a newer version heard makes the read out of date, and a read of it makes it good again")
    func changed() {
        var permits = Self.hearing()
        permits.reading("t", at: now)
        permits.learn(table(), id: "t")
        permits.heard("t", version: base)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == 1, "the version read is no change")
        permits.heard("t", version: base + 1)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil)
        permits.reading("t", at: now)
        permits.learn(table(changes: 1), id: "t")
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == 1)
    }

    @Test("a read begun before a change heard while it ran stays out of date; an older read never replaces a newer one")
    func raced() {
        var permits = Self.hearing()
        permits.reading("t", at: now)
        permits.heard("t", version: base + 1)
        permits.learn(table(), id: "t")
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil)

        permits.learn(table(changes: 2), id: "t")
        var released = table(changes: 1)
        released.release("deck", by: 1)
        permits.learn(released, id: "t")
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == 1, "the read of version 2 stands")
    }

    @Test("holds heard renew, move and end a permit; a release by another seat ends nothing")
    func holdsHeard() {
        var permits = Self.hearing()
        permits.reading("t", at: now)
        permits.learn(table(), id: "t")
        let later = now + Tabletop.holdDuration + 1
        permits.heardHold("t", stack: "deck", seat: 1, until: later + 1)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: later) == 1, "renewed")
        permits.heardHold("t", stack: "deck", seat: 2, until: nil)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: later) == 1)
        permits.heardHold("t", stack: "deck", seat: 1, until: nil)
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "released")
        permits.heardHold("t", stack: "deck", seat: 2, until: later)
        #expect(permits.seat(table: "t", tokenHash: seat2, stack: "deck", at: now) == 2)
        permits.heardHold("u", stack: "deck", seat: 1, until: later)
        #expect(permits.seat(table: "u", tokenHash: seat1, stack: "deck", at: now) == nil, "a hold of a table never read says nothing")
    }

    @Test("it keeps at most its capacity, forgetting tables with no live hold first")
    func bounded() {
        var permits = Self.hearing(capacity: 3)
        permits.reading("held", at: now)
        permits.learn(table(), id: "held")
        for id in ["a", "b"] { permits.reading(id, at: now) }
        #expect(permits.count == 3)
        permits.reading("c", at: now)
        #expect(permits.count == 2, "a and b, holding nothing, made room for c")
        #expect(permits.seat(table: "held", tokenHash: seat1, stack: "deck", at: now) == 1, "the table with a hold was kept")
        permits.reading("d", at: now)
        permits.reading("e", at: now + Tabletop.holdDuration)
        #expect(permits.count == 1, "every table was forgotten once no hold was left")
    }

    @Test("nothing is permitted before the feed hears, or once it stops; hearing again forgets every table read before")
    func hearing() {
        var permits = DragPermits()
        permits.reading("t", at: now)
        permits.learn(table(), id: "t")
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "the feed does not hear yet")
        permits.hearAfresh()
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "read before the feed heard")
        permits.reading("t", at: now)
        permits.learn(table(), id: "t")
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == 1)
        permits.stopHearing()
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "a release may pass unheard now")
        permits.hearAfresh()
        #expect(permits.seat(table: "t", tokenHash: seat1, stack: "deck", at: now) == nil, "what was read before may be out of date")
        #expect(permits.count == 0)
    }
}
