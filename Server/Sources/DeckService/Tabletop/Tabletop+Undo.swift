package import PlayingCards

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
