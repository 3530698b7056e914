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

extension Tabletop {
    /// Takes back `seat`'s last action, while no later action of anyone touched its stacks or
    /// hands: puts each back as it was (face-down cards with new handles), and removes the
    /// stacks it made. Returns the cards that went back into or out of the seat's hand.
    ///
    /// - Throws: ``ServiceError`` (`conflict`) naming what stands in the way, or when there is
    ///   nothing to undo.
    mutating func undoLast(of seat: Int) throws(ServiceError) -> [PlayingCard]? {
        guard let step = seats[seat - 1].undo.last else {
            throw ServiceError(.conflict, .undo, "has nothing to take back: your seat has no action left to undo", allowed: "undo works on your own last \(Self.undoSteps) actions")
        }
        for stack in step.stacks {
            let now = stacks.first { $0.id == stack.id }
            let untouched = stack.after ? now?.version == stack.afterVersion : now == nil
            if !untouched {
                let by = now?.changedBy.map { $0 == seat ? " by you" : " by seat \($0)" } ?? ""
                throw ServiceError(
                    .conflict, .undo, "cannot take back your \(step.action): stack \(stack.id) was changed\(by) after it",
                    allowed: "only an action whose cards nobody touched since can be undone")
            }
        }
        for hand in step.hands where seats[hand.seat - 1].handVersion != hand.afterVersion {
            throw ServiceError(
                .conflict, .undo, "cannot take back your \(step.action): \(hand.seat == seat ? "your hand" : "seat \(hand.seat)'s hand") changed after it",
                allowed: "only an action whose cards nobody touched since can be undone")
        }
        seats[seat - 1].undo.removeLast()
        for stack in step.stacks {
            let index = stackIndex(stack.id)
            switch (index, stack.restored(from: index.map { stacks[$0] })) {
            case (let index?, let before?):
                stacks[index] = before
                touchStack(index, by: seat)
            case (let index?, nil):
                // Made by the action: empty it, and it goes.
                stacks[index].cards = []
                touchStack(index, by: seat)
            case (nil, let before?):
                stacks.append(before)
                touchStack(stacks.count - 1, by: seat)
            case (nil, nil):
                break
            }
        }
        if step.stacks.contains(where: { $0.id == FeltStack.deckID }) { seeded = step.seeded }
        var moved: [PlayingCard]?
        for hand in step.hands {
            if hand.seat == seat { moved = Self.difference(seats[seat - 1].hand, hand.before) }
            seats[hand.seat - 1].hand = hand.before
            touchHand(hand.seat)
        }
        // Steps whose stacks and hands are now as those steps left them can be taken back again.
        var stacksBack: [String: Int] = [:]
        for stack in step.stacks { if let before = stack.before { stacksBack[stack.id] = before.version } }
        var handsBack: [Int: Int] = [:]
        for hand in step.hands { handsBack[hand.seat] = hand.beforeVersion }
        for other in seats.indices {
            for index in seats[other].undo.indices {
                for (place, stack) in seats[other].undo[index].stacks.enumerated() where stacksBack[stack.id] == stack.afterVersion && stack.after {
                    seats[other].undo[index].stacks[place].afterVersion = version
                }
                for (place, hand) in seats[other].undo[index].hands.enumerated() where handsBack[hand.seat] == hand.afterVersion {
                    seats[other].undo[index].hands[place].afterVersion = version
                }
            }
        }
        // Stacks lie in the order they were made.
        stacks.sort { Self.stackOrder($0.id) < Self.stackOrder($1.id) }
        return moved
    }

    /// The deck first, then the others by number.
    static func stackOrder(_ id: String) -> Int {
        id == FeltStack.deckID ? 0 : Int(id.dropFirst()) ?? Int.max
    }

    /// The cards in one of `a` and `b` but not the other (one copy per difference).
    static func difference(_ a: [PlayingCard], _ b: [PlayingCard]) -> [PlayingCard] {
        var rest = b
        var only: [PlayingCard] = []
        for card in a {
            if let index = rest.firstIndex(of: card) { rest.remove(at: index) } else { only.append(card) }
        }
        return only + rest
    }
}
