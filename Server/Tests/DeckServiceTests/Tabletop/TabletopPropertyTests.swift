@testable import DeckService
import Foundation
import PlayingCards
import PropertyBased
import Testing

/// Random action sequences by three seats, interleaved, on the free-form table.
@Suite("Tabletop properties")
struct TabletopPropertyTests {
    typealias F = TabletopFixtures

    /// An action for `seat` made from random numbers, relative to what the seat sees, so that
    /// most are valid; some name stale handles, cards the seat cannot see, or places off the felt.
    static func action(_ r: [Int], seat: Int, table: Tabletop, lastView: TabletopView?) -> TabletopAction {
        let view = TabletopView(id: "t", table: table, viewer: seat, holdsAt: F.start)
        func pick<T>(_ items: [T], _ n: Int) -> T? { items.isEmpty ? nil : items[n % items.count] }
        let stack = pick(view.stacks, r[2])!
        let other = pick(view.stacks, r[3])!
        let hand = view.hand ?? []
        let facing = Facing.allCases[r[4] % 3]
        let place = (x: Double(r[5] % 1100), y: Double(r[3] % 760))
        let target: CardTarget = switch r[1] % 4 {
        case 0: .newStack(x: place.x, y: place.y)
        case 1: .top(stack: other.id)
        case 2: .bottom(stack: other.id)
        default: .hand(seat: 1 + r[5] % 3)
        }
        switch r[0] % 12 {
        case 0, 1:
            if let card = pick(hand, r[2]) { return .move(from: .hand([card]), to: target, face: facing) }
            return .deal(from: "deck", count: 1 + r[3] % 2)
        case 2, 3:
            return .move(from: .top(stack: stack.id, count: 1 + r[4] % 3), to: target, face: facing)
        case 4:
            // By reference: a face-up card by face, a face-down one by handle; now and then a
            // handle of an older view, or a face the seat does not see.
            var references: [CardReference] = []
            if let card = pick(stack.cards, r[4]) { references.append(card.face.map { .faceUp($0) } ?? .handle(card.handle)) }
            if r[5] % 5 == 0, let old = lastView?.stacks.first(where: { $0.id == stack.id }), let card = pick(old.cards, r[1]) {
                references.append(.handle(card.handle))
            }
            if r[5] % 7 == 1 { references.append(.faceUp(PlayingCard.standardDeck[r[1] % 52])) }
            return .move(from: .cards(stack: stack.id, references), to: target, face: facing)
        case 5:
            let card = pick(stack.cards, r[4]).map { $0.face.map { CardReference.faceUp($0) } ?? .handle($0.handle) }
            return .flip(stack: stack.id, card: r[5] % 2 == 0 ? card : nil)
        case 6:
            let layout: FeltStack.Layout = r[4] % 3 == 0 ? .squared : .spread(r[4] % 2 == 0 ? .right : .down, step: Double(r[5] % 40))
            return .arrange(stack: stack.id, Arrangement(x: place.x, y: place.y, layout: layout, rotation: r[1] % 3 == 0 ? 90 : 0, toFront: r[2] % 2 == 0))
        case 7:
            return .shuffle(stack: stack.id)
        case 8:
            return .split(stack: stack.id, count: 1 + r[4] % 3, x: place.x, y: place.y)
        case 9:
            return r[5] % 6 == 0 ? .gather : .deal(from: stack.id, count: 1)
        default:
            return .undo
        }
    }

    @Test("whatever three seats do in any order: every card is in one place, versions rise by one per change, a refusal changes nothing, no card is taken by a face its seat cannot see, nobody sees a face-down card or another's hand, handles of a changed stack are all new, and an undo right after an action restores the table exactly")
    func randomPlay() async {
        let step = Gen.int(in: 0...1_000_000).array(of: 6...6)
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000), step.array(of: 1...60)) { seed, steps in
            // A case computes for tens of milliseconds without a suspension: yielding first lets the
            // suite's other tests (two threads run them all) go on between cases.
            await Task.yield()
            var table = F.table()
            var generator = F.generator(seed)
            var views: [Int: TabletopView] = [:]
            // The last view each viewer's stream was sent (0: a watcher).
            var streamed: [Int: TabletopView] = [:]
            var now = F.start
            for r in steps {
                let seat = 1 + r[0] % 3
                now = now.addingTimeInterval(Double(r[1] % 3))
                if r[2] % 13 == 0 {
                    // A hold now and then, which the other seats' actions must respect.
                    _ = try? table.hold(table.stacks[r[3] % table.stacks.count].id, by: seat, at: now.addingTimeInterval(0.25))
                    continue
                }
                let action = Self.action(r.map { $0 / 12 }, seat: seat, table: table, lastView: views[seat])
                let before = table
                let hidden = Self.hidden(from: seat, in: before)
                do {
                    let outcome = try table.perform(action, by: seat, at: now, using: &generator)
                    #expect(table.version == before.version + 1)
                    // No stack another seat held was changed.
                    for id in outcome.stacks {
                        if let hold = before.holds[id], hold.seat != seat, hold.until > now {
                            Issue.record("\(action) by seat \(seat) changed stack \(id), held by seat \(hold.seat)")
                        }
                    }
                    // A face the seat cannot see never names a card: that would tell it the card is there.
                    #expect(Self.named(in: action).isDisjoint(with: hidden), "\(action) took a card named by a face the seat cannot see")
                    // Handles of face-down cards in the stacks it changed are all new.
                    for id in outcome.stacks {
                        guard let old = before.stacks.first(where: { $0.id == id }), let new = table.stacks.first(where: { $0.id == id }) else { continue }
                        let oldHandles = Set(old.cards.indices.map(old.handle(at:)))
                        #expect(oldHandles.isDisjoint(with: new.cards.indices.map(new.handle(at:))), "\(action): stack \(id) kept a handle")
                    }
                    if case .undo = action {} else if r[3] % 3 == 0 {
                        try table.perform(.undo, by: seat, at: now, using: &generator)
                        #expect(F.Layout(table) == F.Layout(before), "\(action) then undo")
                        #expect(table.version == before.version + 2)
                    }
                } catch {
                    #expect(table == before, "the refused \(action) changed the table")
                    // An error tells the seat no card it cannot see, beyond the cards it named.
                    let named = Self.named(in: action)
                    for word in Self.words(of: String(describing: error)) where hidden.contains(word) && !named.contains(word) {
                        Issue.record("\(action) refused with a hidden card \(word): \(error)")
                    }
                }
                // Every card in exactly one place.
                #expect(table.allCards.sorted { $0.apiCode < $1.apiCode } == PlayingCard.standardDeck.sorted { $0.apiCode < $1.apiCode })
                // Views: nobody sees a face-down card or another's hand.
                for viewer in [1, 2, 3, nil] as [Int?] {
                    let view = TabletopView(id: "t", table: table, viewer: viewer, holdsAt: now)
                    let secret = viewer.map { Self.hidden(from: $0, in: table) } ?? Self.hidden(from: nil, in: table)
                    let seen = Set(F.words(of: view))
                    #expect(seen.isDisjoint(with: secret), "seat \(String(describing: viewer)) sees \(seen.intersection(secret))")
                    // An event's delta from the view before, applied to it, gives this view.
                    if let before = streamed[viewer ?? 0], before.version < view.version {
                        let delta = TabletopDelta(from: before, to: view)
                        #expect(delta.map { Self.apply($0, to: before) } == Self.sorted(view), "the delta from \(before.version) to \(view.version)")
                    }
                    streamed[viewer ?? 0] = view
                    if let viewer { views[viewer] = view }
                }
            }
        }
    }

    /// `view` after `delta`, as a client applies it; stacks by id (their order on the page is
    /// their z).
    static func apply(_ delta: TabletopDelta, to view: TabletopView) -> TabletopView {
        var view = view
        view.version = delta.version
        view.stacks.removeAll { stack in delta.removed.contains(stack.id) || delta.stacks.contains { $0.id == stack.id } }
        view.stacks += delta.stacks
        if let seats = delta.seats { view.seats = seats }
        if let hand = delta.hand { view.hand = hand }
        if let seeded = delta.seeded { view.seeded = seeded }
        if let settings = delta.settings { (view.felt, view.creatorSeat, view.watchKey) = (settings.felt, settings.creatorSeat, settings.watchKey) }
        return sorted(view)
    }

    static func sorted(_ view: TabletopView) -> TabletopView {
        var view = view
        view.stacks.sort { $0.id < $1.id }
        return view
    }

    /// The codes of the cards `seat` may not see: face down on the felt, or in another's hand.
    static func hidden(from seat: Int?, in table: Tabletop) -> Set<String> {
        var codes = Set(table.stacks.flatMap { $0.cards.filter { !$0.faceUp }.map(\.card.apiCode) })
        for (index, other) in table.seats.enumerated() where index + 1 != seat { codes.formUnion(other.hand.map(\.apiCode)) }
        return codes
    }

    /// The card codes an action names itself.
    static func named(in action: TabletopAction) -> Set<String> {
        let references: [CardReference]
        switch action {
        case .move(.hand(let cards), _, _): return Set(cards.map(\.apiCode))
        case .move(.cards(_, let list), _, _): references = list
        case .flip(_, let one?): references = [one]
        default: references = []
        }
        var codes: Set<String> = []
        for case .faceUp(let card) in references { codes.insert(card.apiCode) }
        return codes
    }

    /// The words of a text, split at anything but letters and digits.
    static func words(of text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
