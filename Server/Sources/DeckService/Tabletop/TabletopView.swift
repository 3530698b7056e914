public import PlayingCards
package import Foundation

/// A free-form table as one viewer may see it: every face-up card, a handle in place of each
/// face-down card, the number of cards in each hand, and only the viewer's own hand.
///
/// This is the one projection of a table (`Tabletop`, inside this module): answers, events and exports all go through
/// it, so the rule of who sees what is written once.
public struct TabletopView: Sendable, Hashable {
    /// The table's id.
    public var id: String
    /// Up by one with every change.
    public var version: Int
    /// The stacks on the felt, the deck's first.
    public var stacks: [Stack]
    /// Every seat, in seat order.
    public var seats: [Seat]
    /// The viewer's seat number (from 1); `nil` for a watcher.
    public var viewerSeat: Int?
    /// The viewer's own hand; `nil` for a watcher.
    public var hand: [PlayingCard]?
    /// Whether the deck's order came from a seed a client gave and has not been shuffled since.
    public var seeded: Bool
    /// The felt's colour and background.
    public var felt: Felt
    /// The seat of the player who made the table (who alone sets the felt and the watch link),
    /// while they sit there.
    public var creatorSeat: Int?
    /// The key of the watch link, for the creator's eyes only: `nil` for everyone else, and
    /// while watching is off.
    public var watchKey: String?

    /// The felt's colour and background image.
    public struct Felt: Sendable, Hashable {
        /// `#rrggbb`; `nil` for the page's own.
        public var colour: String?
        /// The number of the background image (its path names it); `nil` for none.
        public var background: Int?
    }

    /// A stack as everyone sees it.
    public struct Stack: Sendable, Hashable {
        /// The stack's id: `deck`, or `s` and a number.
        public var id: String
        /// Where its bottom card's top left corner lies, in table units (0–1000 across).
        public var x: Double
        /// Where its bottom card's top left corner lies, in table units (0–700 down).
        public var y: Double
        /// Its place in the pile of stacks: higher lies over lower.
        public var z: Int
        /// `squared`, `right` or `down`.
        public var layout: String
        /// The spread's step in table units; `nil` when squared.
        public var step: Double?
        /// Turned by 0 or 90 degrees.
        public var rotation: Int
        /// Its name, such as "discard"; `nil` for none.
        public var label: String?
        /// The table's version when the stack last changed.
        public var version: Int
        /// Its cards, bottom first.
        public var cards: [Card]
        /// What the handles of its cards begin with: the card at index `i` from the bottom has
        /// the handle `handles` followed by `i` in base 36.
        public var handles: String
        /// The seat holding it while dragging, if any.
        public var heldBy: Int?
    }

    /// A card of a stack: its face when face up, its handle either way.
    public struct Card: Sendable, Hashable {
        /// Names this card in actions until its stack next changes.
        public var handle: String
        /// The face; `nil` while face down.
        public var face: PlayingCard?
    }

    /// A seat as everyone sees it.
    public struct Seat: Sendable, Hashable {
        /// The seat's number, from 1.
        public var number: Int
        /// The player's name; `nil` for a free seat.
        public var name: String?
        /// How many cards the player holds.
        public var handCount: Int
        /// The player's hand while they show it to the table, in the order it came; `nil`
        /// while it is private.
        public var shownHand: [PlayingCard]?
    }
}

extension TabletopView {
    /// The view of `table` for the player in seat `viewer` (from 1), or for a watcher when `nil`.
    package init(id: String, table: Tabletop, viewer: Int?, holdsAt now: Date) {
        self.id = id
        version = table.version
        stacks = table.stacks.map { stack in
            let (layout, step): (String, Double?) = switch stack.layout {
            case .squared: ("squared", nil)
            case .spread(let direction, let step): (direction.rawValue, step)
            }
            return Stack(
                id: stack.id, x: stack.x, y: stack.y, z: stack.z, layout: layout, step: step, rotation: stack.rotation,
                label: stack.label, version: stack.version,
                cards: stack.cards.indices.map { Card(handle: stack.handle(at: $0), face: stack.cards[$0].faceUp ? stack.cards[$0].card : nil) },
                handles: stack.handlePrefix,
                heldBy: table.holds[stack.id].flatMap { $0.until > now ? $0.seat : nil })
        }
        seats = table.seats.enumerated().map {
            Seat(number: $0.offset + 1, name: $0.element.name, handCount: $0.element.hand.count, shownHand: $0.element.handShown ? $0.element.hand : nil)
        }
        viewerSeat = viewer
        hand = viewer.map { table.seats[$0 - 1].hand }
        seeded = table.seeded
        felt = Felt(colour: table.settings.feltColour, background: table.settings.background?.number)
        creatorSeat = table.seats.indices.map { $0 + 1 }.first { table.isCreator($0) }
        watchKey = viewer.flatMap { table.isCreator($0) ? table.settings.watchKey : nil }
    }
}
