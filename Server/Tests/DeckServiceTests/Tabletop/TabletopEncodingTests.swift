@testable import DeckService
import Foundation
import PlayingCards
import PropertyBased
import Testing

/// The free-form table's stored form, and tables stored by the release before it.
@Suite("Tabletop records")
struct TabletopEncodingTests {
    typealias F = TabletopFixtures

    @Test("a table after any play reads back exactly as it was written, and without its undo steps when only looked at")
    func roundTrip() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000_000).array(of: 6...6).array(of: 0...40)) { seed, steps in
            var table = F.table()
            var generator = F.generator(seed)
            for r in steps {
                let seat = 1 + r[0] % 3
                let action = TabletopPropertyTests.action(r.map { $0 / 12 }, seat: seat, table: table, lastView: nil)
                _ = try? table.perform(action, by: seat, at: F.start, using: &generator)
                if r[1] % 7 == 0 { _ = try? table.hold(table.stacks[0].id, by: seat, at: F.start) }
                if r[2] % 5 == 0 { _ = try? table.showHand(r[3] % 2 == 0, by: seat) }
            }
            let decoded = (try? table.encoded(id: "t")).flatMap { try? Tabletop(decoding: $0, id: "t") }
            #expect(decoded == table)
            // Read only to be looked at, it is the same table without its undo steps, and every
            // seat's view of it is the same.
            let looked = (try? table.encoded(id: "t")).flatMap { try? Tabletop(decoding: $0, id: "t", keepingUndo: false) }
            var withoutUndo = table
            for index in withoutUndo.seats.indices { withoutUndo.seats[index].undo = [] }
            #expect(looked == withoutUndo)
            if let looked {
                for viewer in [nil, 1, 2, 3] {
                    #expect(TabletopView(id: "t", table: looked, viewer: viewer, holdsAt: F.start) == TabletopView(id: "t", table: table, viewer: viewer, holdsAt: F.start))
                }
            }
        }
    }

    @Test("a record of format 3, written before hands could be shown, reads as the same table with every hand private")
    func formatThree() throws {
        var table = F.table()
        var generator = F.generator(1)
        try table.perform(.deal(from: "deck", count: 2), by: 1, at: F.start, using: &generator)
        var bytes = try table.encoded(id: "t")
        // Format 4 ends with the shown hands: none here, a count of 0.
        #expect(bytes.first == 4 && bytes.last == 0)
        bytes[0] = 3
        bytes.removeLast()
        #expect(try Tabletop(decoding: bytes, id: "t") == table)
        // And a shown hand is kept in format 4; a seat number past the seats is damage.
        _ = try table.showHand(true, by: 3)
        var shown = try table.encoded(id: "t")
        #expect(try Tabletop(decoding: shown, id: "t").seats[2].handShown)
        shown[shown.count - 1] = 9
        #expect(throws: ServiceError.self) { try Tabletop(decoding: shown, id: "t") }
    }

    @Test("a damaged record is refused, naming the table, never read as another table")
    func damaged() throws {
        var table = F.table()
        var generator = F.generator(2)
        try table.perform(.split(stack: "deck", count: 3, x: 10, y: 10), by: 1, at: F.start, using: &generator)
        let bytes = try table.encoded(id: "t")
        for cut in [1, 10, bytes.count / 2, bytes.count - 1] {
            let error = #expect(throws: ServiceError.self) { try Tabletop(decoding: Array(bytes.prefix(cut)), id: "t") }
            #expect(error?.kind == .internalFailure && error?.value == "t")
        }
        // A card written twice (the record's cards no longer add up to its deck).
        var twice = table
        twice.stacks[1].cards[0] = twice.stacks[1].cards[1]
        #expect(throws: ServiceError.self) { try Tabletop(decoding: try twice.encoded(), id: "t") }
    }

    @Test("a table stored by the release before opens with its piles as face-up stacks, its hands and version kept")
    func releaseBefore() throws {
        let url = try #require(Bundle.module.url(forResource: "table-release-before", withExtension: "json", subdirectory: "Fixtures"))
        let table = try Tabletop(decoding: Array(try Data(contentsOf: url)), id: "old")
        #expect(table.version == 6 && table.seeded)
        #expect(table.stacks.map(\.id) == ["deck", "s1", "s2"])
        #expect(table.stacks[0].cards.count == 42 && table.stacks[0].cards.allSatisfy { !$0.faceUp })
        let codes = { (stack: FeltStack) in stack.cards.map(\.card.apiCode) }
        #expect(table.stacks[1].label == "center" && codes(table.stacks[1]) == ["QS", "0H"] && table.stacks[1].cards.allSatisfy { $0.faceUp })
        #expect(table.stacks[2].label == "discard" && codes(table.stacks[2]) == ["9H", "9D"])
        #expect(table.seats.map(\.name) == ["Ann", "Bob", nil, nil])
        #expect(table.seats[0].hand.map(\.apiCode) == ["AC", "6H"] && table.seats[1].hand.count == 4)
        #expect(table.allCards.count == 52 && Set(table.allCards).count == 52)
        // It plays on: a move, then it is stored in the new form and read back.
        var next = table
        var generator = F.generator(5)
        try next.perform(.move(from: .hand([table.seats[0].hand[0]]), to: .top(stack: "s1"), face: .up), by: 1, at: F.start, using: &generator)
        #expect(try Tabletop(decoding: try next.encoded(), id: "old") == next)
        #expect(next.nextStackNumber == 3)
    }

    @Test("pile names that pass for others lose their control and formatting characters as labels")
    func legacyLabels() {
        #expect(Tabletop.legacyLabel("center") == "center")
        #expect(Tabletop.legacyLabel("center\u{200B}") == "center")
        #expect(Tabletop.legacyLabel("Cen\u{202E}1nter") == "Cen1nter")
        #expect(Tabletop.legacyLabel("\u{202E}") == nil)
    }
}
