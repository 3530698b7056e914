package import Foundation
package import PlayingCards

extension Tabletop {
    /// Performs `action` for the seat `seat` (from 1) at time `now`, all or nothing.
    ///
    /// The action applies only when the table and stacks are at the versions `expected`
    /// names, and when it touches no stack that another seat holds. It raises ``version`` by
    /// one; each stack and hand it touches takes the new version (and each stack a new nonce, so
    /// that the handles of its face-down cards are drawn afresh). Except for an undo, it becomes
    /// the seat's last undo step.
    ///
    /// - Throws: ``ServiceError`` naming the bad part (`badRequest`), what stands in the way
    ///   (`conflict`: a stale version, a held stack, cards no longer where the action says), or
    ///   the unknown stack (`notFound`); the table is then unchanged.
    @discardableResult
    package mutating func perform(
        _ action: TabletopAction, by seat: Int, expecting expected: ExpectedVersions = .none, at now: Date,
        using generator: inout some RandomNumberGenerator
    ) throws(ServiceError) -> TabletopOutcome {
        try checkSeat(seat)
        try check(expected)
        var next = self
        next.version = version + 1
        let moved: [PlayingCard]?
        if case .undo = action {
            moved = try next.undoLast(of: seat)
        } else {
            moved = try next.apply(action, by: seat, using: &generator)
        }
        next.stacks.removeAll { $0.cards.isEmpty && !$0.isDeck }
        guard next.stacks.count <= Self.maximumStacks else {
            throw ServiceError(
                .conflict, .stack, "cannot be made: the felt has \(Self.maximumStacks) stacks, the most it may have",
                allowed: "put cards onto a stack that is there")
        }

        // What changed: stacks at the new version, stacks gone, hands at the new version.
        let remaining = Set(next.stacks.map(\.id))
        let changedStacks = next.stacks.filter { $0.version == next.version }.map(\.id)
            + stacks.map(\.id).filter { !remaining.contains($0) }
        let changedHands = next.seats.indices.filter { next.seats[$0].handVersion == next.version }.map { $0 + 1 }
        guard !changedStacks.isEmpty || !changedHands.isEmpty else {
            throw ServiceError.badRequest(.request, "changes nothing", allowed: "name a change to make")
        }
        for id in changedStacks {
            if let hold = holds[id], hold.seat != seat, hold.until > now {
                throw ServiceError(
                    .conflict, .stack, value: id, "is held by seat \(hold.seat), who is moving it",
                    allowed: "wait until it is dropped, or up to \(hold.secondsLeft(at: now)) s")
            }
        }
        for index in next.stacks.indices where next.stacks[index].version == next.version {
            next.stacks[index].nonce = generator.next()
        }
        if case .undo = action {} else {
            let step = UndoStep(
                version: next.version, action: action.name, seeded: seeded,
                stacks: changedStacks.map { id in UndoStep.StackBefore(id: id, before: stacks.first { $0.id == id }, after: next.stacks.first { $0.id == id }, version: next.version) },
                hands: changedHands.map {
                    UndoStep.HandBefore(seat: $0, before: seats[$0 - 1].hand, beforeVersion: seats[$0 - 1].handVersion, afterVersion: next.version)
                })
            next.seats[seat - 1].undo.append(step)
            if next.seats[seat - 1].undo.count > Self.undoSteps { next.seats[seat - 1].undo.removeFirst() }
        }
        // A stack that is gone holds nothing; nor does a hold that ran out. The seat's own
        // holds of the stacks it changed end: the action is the drop of its drag.
        let changed = Set(changedStacks)
        next.holds = next.holds.filter { id, hold in
            remaining.contains(id) && hold.until > now && !(hold.seat == seat && changed.contains(id))
        }
        self = next
        return TabletopOutcome(moved: moved, stacks: changedStacks, hands: changedHands)
    }

    /// Refuses expected versions the table does not meet.
    func check(_ expectation: ExpectedVersions) throws(ServiceError) {
        if let expected = expectation.table, expected != version {
            throw ServiceError(
                .conflict, .version, value: String(expected), "is not the table's: it is at version \(version)",
                allowed: "look at the table again and decide anew")
        }
        for (id, expected) in expectation.stacks.sorted(by: { $0.key < $1.key }) {
            guard let stack = stacks.first(where: { $0.id == id }) else {
                throw ServiceError(.conflict, .stack, value: id, "is no longer on the felt", allowed: "look at the table again and decide anew")
            }
            guard stack.version == expected else {
                throw ServiceError(
                    .conflict, .stack, value: id, "is at version \(stack.version), not \(expected): it changed since",
                    allowed: "look at the table again and decide anew")
            }
        }
    }

    /// Refuses a seat number that is not a taken seat.
    func checkSeat(_ seat: Int) throws(ServiceError) {
        guard (1...max(1, seats.count)).contains(seat), seats[seat - 1].isTaken else {
            throw ServiceError(.notFound, .seat, value: String(seat), "is not a taken seat at this table", allowed: "take a seat first")
        }
    }

    // MARK: Marks of change

    /// Marks the stack at `index` as changed by `seat` in this version.
    mutating func touchStack(_ index: Int, by seat: Int) {
        stacks[index].version = version
        stacks[index].changedBy = seat
    }

    /// Marks `seat`'s hand as changed in this version.
    mutating func touchHand(_ seat: Int) {
        seats[seat - 1].handVersion = version
    }

    /// The index of the stack `id`.
    ///
    /// - Throws: ``ServiceError`` (`notFound`) naming it when it is not on the felt.
    func existingStack(_ id: String) throws(ServiceError) -> Int {
        guard let index = stackIndex(id) else {
            throw ServiceError(
                .notFound, .stack, value: id, "is not on the felt",
                allowed: "name a stack of the table's current view (its id, such as deck or s3)")
        }
        return index
    }
}
