package import PlayingCards

/// What an action changed, kept so that its seat can take it back: each stack and hand as it
/// was before, and the version each had after it. While each still has that version, nobody
/// changed it since; an undo that puts a stack or hand back as it was after an earlier action
/// gives that action's steps its new version, so they can be taken back in turn.
package struct UndoStep: Sendable, Hashable {
    /// A stack before the action, kept as a change of its state after it: the cards both
    /// have at the bottom and at the top are not kept twice, so that taking a card off a
    /// 432-card deck keeps one card, not 432.
    package struct StackBefore: Sendable, Hashable {
        package var id: String
        /// The stack before the action with only the cards between ``keptBottom`` and
        /// ``keptTop``; `nil` for a stack the action made.
        package var before: FeltStack?
        /// Whether the stack was on the felt after the action (one it emptied is gone).
        package var after: Bool
        /// How many bottom cards the stack had before and after alike.
        package var keptBottom: Int
        /// How many top cards it had before and after alike.
        package var keptTop: Int
        /// The stack's version after the action (or after an undo that put it back so).
        package var afterVersion: Int

        /// The stack `before` an action, as a change of its state `after` it.
        package init(id: String, before: FeltStack?, after: FeltStack?, version: Int) {
            self.id = id
            self.after = after != nil
            afterVersion = version
            let old = before?.cards ?? []
            let new = after?.cards ?? []
            let most = min(old.count, new.count)
            var bottom = 0
            while bottom < most, old[bottom] == new[bottom] { bottom += 1 }
            var top = 0
            while top < most - bottom, old[old.count - 1 - top] == new[new.count - 1 - top] { top += 1 }
            (keptBottom, keptTop) = (bottom, top)
            self.before = before.map { stack in
                var middle = stack
                middle.cards = Array(old[bottom..<(old.count - top)])
                return middle
            }
        }

        /// Stored parts, as read back.
        init(id: String, before: FeltStack?, after: Bool, keptBottom: Int, keptTop: Int, afterVersion: Int) {
            (self.id, self.before, self.after, self.keptBottom, self.keptTop) = (id, before, after, keptBottom, keptTop)
            self.afterVersion = afterVersion
        }

        /// The whole stack before the action, from its `current` state (the one after it).
        func restored(from current: FeltStack?) -> FeltStack? {
            guard var stack = before else { return nil }
            let now = current?.cards ?? []
            stack.cards = Array(now.prefix(keptBottom)) + stack.cards + Array(now.suffix(keptTop))
            return stack
        }
    }

    /// A seat's hand before the action.
    package struct HandBefore: Sendable, Hashable {
        package var seat: Int
        package var before: [PlayingCard]
        /// The hand's version before the action.
        package var beforeVersion: Int
        /// Its version after the action (or after an undo that put it back so).
        package var afterVersion: Int
    }

    /// The table's version after the action.
    package var version: Int
    /// The action's name, for messages.
    package var action: String
    /// Whether the deck's order was a seed's before the action (a shuffle of the deck that is
    /// taken back makes it so again).
    package var seeded: Bool
    package var stacks: [StackBefore]
    package var hands: [HandBefore]
}
