@testable import DeckService
import Foundation
import PlayingCards

/// Tables for the tabletop's tests: one 52-card deck (every card unique, so a card's face in
/// any text is that card), three players in four seats, and a generator the test seeds.
enum TabletopFixtures {
    /// A fresh table: the deck in standard order, face down, players in seats 1 to 3.
    static func table(seats: Int = 4, players: Int = 3) -> Tabletop {
        var table = Tabletop(deck: PlayingCard.standardDeck, seats: seats, seeded: false)
        for player in 0..<players {
            _ = try! table.seat(name: "player\(player + 1)", tokenHash: String(repeating: "\(player)", count: 64))
        }
        return table
    }

    /// A generator from a small seed.
    static func generator(_ seed: Int) -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: ShuffleSeed(words: (UInt64(truncatingIfNeeded: seed), 0x9E37_79B9, 7, 11)))
    }

    /// A time for actions.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The table as comparisons after an undo see it: what is on the felt and in the hands,
    /// without versions, nonces and undo histories.
    struct Layout: Equatable {
        struct Stack: Equatable {
            var id: String, x: Double, y: Double, z: Int, layout: FeltStack.Layout, rotation: Int, label: String?
            var cards: [FeltStack.Card]
        }
        var stacks: [Stack]
        var hands: [[PlayingCard]]
        var seeded: Bool

        init(_ table: Tabletop) {
            stacks = table.stacks.map { Stack(id: $0.id, x: $0.x, y: $0.y, z: $0.z, layout: $0.layout, rotation: $0.rotation, label: $0.label, cards: $0.cards) }
            hands = table.seats.map(\.hand)
            seeded = table.seeded
        }
    }

    /// Everything a viewer's view says, as words: faces as card codes, face-down cards as
    /// handles, hands, names and numbers.
    static func words(of view: TabletopView) -> [String] {
        var words: [String] = []
        for stack in view.stacks {
            words += [stack.id, stack.layout, "\(stack.x)", "\(stack.y)", stack.label ?? ""]
            words += stack.cards.map { $0.face?.apiCode ?? $0.handle }
        }
        for seat in view.seats { words += [seat.name ?? "", "\(seat.handCount)"] }
        words += (view.hand ?? []).map(\.apiCode)
        return words
    }
}
