@testable import DeckService
import Foundation
import PlayingCards
import Testing

/// The free-form table's rules, without a store: each action, its refusals, holds and undo.
@Suite("Tabletop")
struct TabletopTests {
    typealias F = TabletopFixtures

    /// Performs `action` for `seat` with a fixed generator.
    @discardableResult
    static func perform(
        _ action: TabletopAction, by seat: Int, on table: inout Tabletop, expecting: ExpectedVersions = .none, at now: Date = F.start
    ) throws(ServiceError) -> TabletopOutcome {
        var generator = F.generator(table.version)
        return try table.perform(action, by: seat, expecting: expecting, at: now, using: &generator)
    }

    @Test("a move lays cards face down at a point of the felt; others see handles, never faces")
    func faceDownMove() throws {
        var table = F.table()
        try Self.perform(.deal(from: "deck", count: 2), by: 1, on: &table)
        let hand = table.seats[0].hand
        let outcome = try Self.perform(.move(from: .hand([hand[0]]), to: .newStack(x: 500, y: 300), face: .down), by: 1, on: &table)
        #expect(outcome.moved == [hand[0]])
        let stack = try #require(table.stacks.last)
        #expect((stack.x, stack.y) == (500, 300) && stack.cards == [FeltStack.Card(hand[0], faceUp: false)])
        for viewer in [2, 3, nil] as [Int?] {
            let view = TabletopView(id: "t", table: table, viewer: viewer, holdsAt: F.start)
            #expect(!F.words(of: view).contains(hand[0].apiCode), "seat \(String(describing: viewer)) sees the face-down card")
            #expect(view.stacks.last?.cards.first?.face == nil)
        }
        #expect(table.version == 6, "1 made, 3 seated, a deal, a move")
    }

    @Test("a face-down card named by its face is refused exactly as a card that is not there")
    func faceDownByFace() throws {
        var table = F.table()
        try Self.perform(.split(stack: "deck", count: 2, x: 100, y: 100), by: 1, on: &table)
        let hidden = try #require(table.stacks.last?.cards.last?.card)
        let elsewhere = try #require(table.stacks[0].cards.first?.card)
        func refusal(_ card: PlayingCard) -> ServiceError? {
            var copy = table
            do {
                try Self.perform(.move(from: .cards(stack: "s1", [.faceUp(card)]), to: .hand(seat: 1), face: .keep), by: 1, on: &copy)
                return nil
            } catch { return error }
        }
        let there = try #require(refusal(hidden))
        let absent = try #require(refusal(elsewhere))
        #expect(there.kind == .conflict)
        #expect(there.description.replacingOccurrences(of: hidden.apiCode, with: "X") == absent.description.replacingOccurrences(of: elsewhere.apiCode, with: "X"))
    }

    @Test("a face-down card moved or shuffled gets a new handle; an old handle is refused with 409")
    func handlesRedrawn() throws {
        var table = F.table()
        try Self.perform(.split(stack: "deck", count: 5, x: 100, y: 100), by: 1, on: &table)
        let before = TabletopView(id: "t", table: table, viewer: 2, holdsAt: F.start)
        let handles = Set(before.stacks[1].cards.map(\.handle))
        try Self.perform(.shuffle(stack: "s1"), by: 1, on: &table)
        let after = TabletopView(id: "t", table: table, viewer: 2, holdsAt: F.start)
        #expect(handles.isDisjoint(with: after.stacks[1].cards.map(\.handle)))
        #expect(throws: ServiceError.self) {
            try Self.perform(.move(from: .cards(stack: "s1", [.handle(before.stacks[1].cards[0].handle)]), to: .hand(seat: 2), face: .keep), by: 2, on: &table)
        }
        let fresh = after.stacks[1].cards[2].handle
        let outcome = try Self.perform(.move(from: .cards(stack: "s1", [.handle(fresh)]), to: .hand(seat: 2), face: .keep), by: 2, on: &table)
        #expect(outcome.moved?.count == 1 && table.seats[1].hand == outcome.moved)
    }

    @Test("a whole stack flips as a real one: its order reverses and every card turns")
    func flipStack() throws {
        var table = F.table()
        try Self.perform(.split(stack: "deck", count: 3, x: 100, y: 100), by: 1, on: &table)
        let cards = table.stacks[1].cards.map(\.card)
        try Self.perform(.flip(stack: "s1", card: nil), by: 1, on: &table)
        #expect(table.stacks[1].cards.map(\.card) == cards.reversed())
        #expect(table.stacks[1].cards.allSatisfy { $0.faceUp })
        let top = try #require(table.stacks[1].cards.last?.card)
        try Self.perform(.flip(stack: "s1", card: .faceUp(top)), by: 2, on: &table)
        #expect(table.stacks[1].cards.last == FeltStack.Card(top, faceUp: false))
    }

    @Test("undo takes back the seat's last action exactly, and is refused with what stands in the way once another touched its stacks")
    func undo() throws {
        var table = F.table()
        try Self.perform(.deal(from: "deck", count: 3), by: 1, on: &table)
        let before = F.Layout(table)
        let card = table.seats[0].hand[0]
        try Self.perform(.move(from: .hand([card]), to: .newStack(x: 300, y: 300), face: .up), by: 1, on: &table)
        try Self.perform(.undo, by: 1, on: &table)
        #expect(F.Layout(table) == before)

        let second = table.seats[0].hand[1]
        try Self.perform(.move(from: .hand([card, second]), to: .newStack(x: 300, y: 300), face: .up), by: 1, on: &table)
        try Self.perform(.move(from: .top(stack: "s2", count: 1), to: .hand(seat: 2), face: .keep), by: 2, on: &table)
        let refusal = #expect(throws: ServiceError.self) { try Self.perform(.undo, by: 1, on: &table) }
        #expect(refusal?.kind == .conflict)
        #expect(refusal?.description.contains("stack s2 was changed by seat 2") == true, "\(String(describing: refusal))")
        // Seat 2's own move can be taken back; then seat 1's again.
        try Self.perform(.undo, by: 2, on: &table)
        try Self.perform(.undo, by: 1, on: &table)
        #expect(F.Layout(table) == before)
        let nothing = #expect(throws: ServiceError.self) { try Self.perform(.undo, by: 3, on: &table) }
        #expect(nothing?.subject == .undo)
    }

    @Test("at most 20 undo steps are kept for a seat")
    func undoDepth() throws {
        var table = F.table()
        for step in 0..<25 { try Self.perform(.arrange(stack: "deck", Arrangement(x: Double(step), y: 10)), by: 1, on: &table) }
        #expect(table.seats[0].undo.count == Tabletop.undoSteps)
        for _ in 0..<20 { try Self.perform(.undo, by: 1, on: &table) }
        #expect(table.stacks[0].x == 4)
        #expect(throws: ServiceError.self) { try Self.perform(.undo, by: 1, on: &table) }
    }

    @Test("an undo step keeps only what changed: a card off a 432-card deck keeps one card, and the record grows by under 100 bytes, not 432")
    func undoStepSize() throws {
        let one = PlayingCard.standardDeck + [.joker(.black), .joker(.red)]
        var table = Tabletop(deck: Array(repeatElement(one, count: 8).joined()), seats: 2, seeded: false)
        _ = try table.seat(name: "player1", tokenHash: String(repeating: "1", count: 64))
        let size = try table.encoded().count
        try Self.perform(.move(from: .top(stack: "deck", count: 1), to: .hand(seat: 1), face: .keep), by: 1, on: &table)
        let step = try #require(table.seats[0].undo.last)
        #expect(step.stacks.count == 1 && step.stacks[0].before?.cards.count == 1)
        let grown = try table.encoded().count - size
        #expect(grown < 100, "\(grown) bytes more")
        try Self.perform(.undo, by: 1, on: &table)
        #expect(table.stacks[0].cards.count == 432 && table.seats[0].hand.isEmpty)
    }

    @Test("a held stack refuses every other seat's change until released or out of time; stale versions are refused")
    func holdsAndVersions() throws {
        var table = F.table()
        let hold = try table.hold("deck", by: 2, at: F.start)
        #expect(hold.until == F.start.addingTimeInterval(5))
        #expect(throws: ServiceError.self) { try table.hold("deck", by: 1, at: F.start.addingTimeInterval(1)) }
        let held = #expect(throws: ServiceError.self) { try Self.perform(.shuffle(stack: "deck"), by: 1, on: &table, at: F.start.addingTimeInterval(4)) }
        #expect(held?.kind == .conflict && held?.description.contains("held by seat 2") == true)
        try Self.perform(.shuffle(stack: "deck"), by: 1, on: &table, at: F.start.addingTimeInterval(5.5))
        #expect(table.holds.isEmpty, "a hold out of time is dropped")

        let version = table.version
        let stale = #expect(throws: ServiceError.self) {
            try Self.perform(.shuffle(stack: "deck"), by: 1, on: &table, expecting: ExpectedVersions(table: version - 1))
        }
        #expect(stale?.kind == .conflict && table.version == version)
        try Self.perform(.shuffle(stack: "deck"), by: 1, on: &table, expecting: ExpectedVersions(stacks: ["deck": table.stacks[0].version]))
    }

    @Test("bad input is refused naming the bad part, and changes nothing")
    func refusals() throws {
        var table = F.table()
        let cases: [(TabletopAction, ServiceError.Subject)] = [
            (.shuffle(stack: "s99"), .stack),
            (.split(stack: "deck", count: 1, x: 1001, y: 5), .position),
            (.split(stack: "deck", count: 1, x: .nan, y: 5), .position),
            (.split(stack: "deck", count: 0, x: 5, y: 5), .count),
            (.arrange(stack: "deck", Arrangement(layout: .spread(.right, step: .infinity))), .layout),
            (.arrange(stack: "deck", Arrangement(rotation: 45)), .rotation),
            (.arrange(stack: "deck", Arrangement(label: "cen\u{200B}ter")), .label),
            (.arrange(stack: "deck", Arrangement()), .request),
            (.move(from: .hand([.init(.ace, of: .spades)]), to: .newStack(x: 1, y: 1), face: .up), .cards),
            (.move(from: .cards(stack: "deck", [.handle("not a handle")]), to: .hand(seat: 1), face: .keep), .handle),
            (.move(from: .top(stack: "deck", count: 1), to: .hand(seat: 4), face: .keep), .seat),
            (.move(from: .top(stack: "deck", count: 1), to: .hand(seat: .min), face: .keep), .seat),
            (.move(from: .top(stack: "deck", count: .max), to: .hand(seat: 1), face: .keep), .count),
            (.deal(from: "deck", count: 18), .count),
            (.undo, .undo),
        ]
        for (action, subject) in cases {
            let before = table
            let error = #expect(throws: ServiceError.self, "\(action)") { try Self.perform(action, by: 1, on: &table) }
            #expect(error?.subject == subject, "\(action): \(String(describing: error))")
            #expect(table == before, "\(action) changed the table")
        }
    }

    @Test("more than 200 stacks are refused; gather puts every card back into the deck face down")
    func stackLimit() throws {
        var table = Tabletop(deck: Array(repeatElement(PlayingCard.standardDeck, count: 6).joined()), seats: 2, seeded: false)
        _ = try table.seat(name: "player1", tokenHash: String(repeating: "1", count: 64))
        var generator = F.generator(1)
        for index in 0..<(Tabletop.maximumStacks - 1) {
            try table.perform(.split(stack: "deck", count: 1, x: Double(index), y: 1), by: 1, at: F.start, using: &generator)
        }
        #expect(table.stacks.count == Tabletop.maximumStacks)
        let before = table
        let refusal = #expect(throws: ServiceError.self) {
            try table.perform(.split(stack: "deck", count: 1, x: 5, y: 5), by: 1, at: F.start, using: &generator)
        }
        #expect(refusal?.subject == .stack && table == before)
        try table.perform(.move(from: .top(stack: "s1", count: 1), to: .top(stack: "s2"), face: .up), by: 1, at: F.start, using: &generator)
        try table.perform(.gather, by: 1, at: F.start, using: &generator)
        #expect(table.stacks.count == 1 && table.stacks[0].cards.count == 312 && table.stacks[0].cards.allSatisfy { !$0.faceUp })
    }

    @Test("a seat that leaves puts its hand into the deck at random places; its holds and undo go")
    func leaving() throws {
        var table = F.table()
        try Self.perform(.deal(from: "deck", count: 5), by: 1, on: &table)
        _ = try table.hold("deck", by: 2, at: F.start)
        let hand = table.seats[1].hand
        #expect(table.holds.count == 1)
        var generator = F.generator(3)
        // Seat 2 holds the deck: seat 3, with cards, cannot leave into it meanwhile; seat 2 can.
        let held = #expect(throws: ServiceError.self) { try table.leave(3, at: F.start, using: &generator) }
        #expect(held?.kind == .conflict && table.seats[2].isTaken)
        try table.leave(2, at: F.start, using: &generator)
        // Not on the bottom in order, where the leaver would know them: at random places.
        let places = table.stacks[0].cards.indices.filter { hand.contains(table.stacks[0].cards[$0].card) }
        #expect(places.count == 5 && places != Array(0..<5), "\(places)")
        #expect(!table.seats[1].isTaken && table.seats[1].hand.isEmpty && table.holds.isEmpty)
        #expect(table.stacks[0].cards.count == 52 - 15 + 5)
        #expect(Set(table.allCards).count == 52 && table.allCards.count == 52)
    }

    @Test("a shown hand is seen by every seat and watcher as it changes, is private again when hidden, and is hidden when its player leaves")
    func shownHand() throws {
        var table = F.table()
        try Self.perform(.deal(from: "deck", count: 3), by: 1, on: &table)
        let version = table.version
        #expect(try table.showHand(true, by: 2) && table.version == version + 1)
        #expect(try !table.showHand(true, by: 2) && table.version == version + 1, "showing a shown hand is no change")
        for viewer in [nil, 1, 2, 3] {
            let seats = TabletopView(id: "t", table: table, viewer: viewer, holdsAt: F.start).seats
            #expect(seats[1].shownHand == table.seats[1].hand, "viewer \(String(describing: viewer))")
            #expect(seats.enumerated().allSatisfy { $0.offset == 1 || $0.element.shownHand == nil }, "only seat 2 is shown")
        }
        // A card passed into a shown hand is seen there.
        let passed = table.seats[0].hand[0]
        try Self.perform(.move(from: .hand([passed]), to: .hand(seat: 2), face: .keep), by: 1, on: &table)
        #expect(TabletopView(id: "t", table: table, viewer: 3, holdsAt: F.start).seats[1].shownHand?.last == passed)
        // Hidden: nobody else sees a card of it any more.
        #expect(try table.showHand(false, by: 2))
        for viewer in [nil, 1, 3] {
            #expect(TabletopView(id: "t", table: table, viewer: viewer, holdsAt: F.start).seats.allSatisfy { $0.shownHand == nil })
        }
        // Shown, then its player leaves: the seat is free and shows nothing.
        _ = try table.showHand(true, by: 2)
        var generator = F.generator(5)
        try table.leave(2, at: F.start, using: &generator)
        #expect(!table.seats[1].handShown && TabletopView(id: "t", table: table, viewer: nil, holdsAt: F.start).seats[1].shownHand == nil)
        let free = #expect(throws: ServiceError.self) { _ = try table.showHand(true, by: 4) }
        #expect(free?.kind == .notFound && free?.subject == .seat, "a free seat shows no hand")
    }
}
