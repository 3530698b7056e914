import Foundation
package import PlayingCards

/// The free-form table's actions as service operations: each loads the table, applies one
/// ``Tabletop`` method in the store's transaction, saves it and announces the change. The
/// rules are the model's; these only find the seat, time the action and save.
extension DeckService {
    /// What an action answers: the table as the acting seat now sees it, and what it did.
    package struct TabletopAnswer: Sendable {
        /// The table as the acting seat sees it after the action.
        package var view: TabletopView
        /// What the action changed.
        package var outcome: TabletopOutcome
    }

    /// The free-form view of the table for the holder of `token`, or for a watcher without one.
    ///
    /// - Throws: ``ServiceError`` for an unknown table or a token that holds no seat there.
    package func tabletop(_ id: String, token: String?) async throws -> TabletopView {
        let table = try await loadTable(id)
        let seat = try token.map { token throws(ServiceError) in try Self.seat(of: token, at: table, id: id) }
        return TabletopView(id: id, table: table, viewer: seat, holdsAt: now())
    }

    /// Performs `action` for the seat whose token is `token`, all or nothing, when the table
    /// and its stacks are at the versions `expected` names.
    ///
    /// - Throws: ``ServiceError``: the model's refusals (a stale version, a held stack, cards
    ///   not where the action says: `conflict`), an unknown table, or a token of no seat.
    package func act(
        at id: String, token: String, _ action: TabletopAction, expecting expected: ExpectedVersions = .none
    ) async throws -> TabletopAnswer {
        let now = now()
        let (answer, record) = try await changeTabletop(id, token: token) { table, seat, generator throws(ServiceError) in
            let outcome = try table.perform(action, by: seat, expecting: expected, at: now, using: &generator)
            return TabletopAnswer(view: TabletopView(id: id, table: table, viewer: seat, holdsAt: now), outcome: outcome)
        }
        if let seat = answer.view.viewerSeat { events.drags.discardWaiting(table: id, seat: seat) }
        await events.announce(table: id, version: answer.view.version, record: record)
        return answer
    }

    /// Holds the stack `stack` for the seat whose token is `token` for the limits'
    /// ``Limits/holdDuration`` (renewing its own hold), or with `release`, ends its hold; and
    /// tells the table's streams. A hold changes no card: the table's version stays.
    ///
    /// - Throws: ``ServiceError`` for an unknown stack, or (`conflict`) one another seat holds.
    package func hold(at id: String, token: String, stack: String, release: Bool = false) async throws -> TabletopView {
        let now = now()
        let ((view, signal, renewal), _) = try await changeTabletop(id, token: token) { table, seat, _ throws(ServiceError) in
            let held = table.holds[stack].map { $0.seat == seat && $0.until > now } ?? false
            let signal: TableSignal?
            if release {
                _ = try table.existingStack(stack)
                // A seat that held nothing lets go of nothing: no signal, which would tell the
                // others that the stack's real holder had let go.
                signal = table.holds[stack]?.seat == seat ? .held(stack: stack, seat: seat, until: nil) : nil
                table.release(stack, by: seat)
            } else {
                signal = .held(stack: stack, seat: seat, until: try table.hold(stack, by: seat, at: now, lasting: limits.holdDuration).until)
            }
            return (TabletopView(id: id, table: table, viewer: seat, holdsAt: now), signal, held && !release)
        }
        // A renewal moves a hold's end later, which no server needs to know to refuse a drag.
        // A new hold or a release is answered once every server knows it: one that did not
        // would still let the stack's old holder drag it.
        if let signal, renewal {
            await events.send(signal, table: id)
        } else if let signal {
            await events.deliver(signal, table: id)
        }
        return view
    }

    /// Shows the hand of the seat whose token is `token` to the table, or with `shown` false
    /// makes it private again; answers the table as that seat sees it. Every seat and watcher
    /// then sees the hand's cards (a change their streams hear of) until it is hidden or the
    /// player leaves. Showing a shown hand changes nothing.
    ///
    /// - Throws: ``ServiceError`` for an unknown table or a token of no seat.
    package func showHand(at id: String, token: String, shown: Bool) async throws -> TabletopView {
        let now = now()
        let ((view, changed), record) = try await changeTabletop(id, token: token) { table, seat, _ throws(ServiceError) in
            let changed = try table.showHand(shown, by: seat)
            return (TabletopView(id: id, table: table, viewer: seat, holdsAt: now), changed)
        }
        if changed { await events.announce(table: id, version: view.version, record: record) }
        return view
    }

    /// Tells the table's other seats that the seat whose token is `token` drags the stack
    /// `stack`, which it holds, to (`x`, `y`): the whole stack, or the card whose handle is
    /// `card` taken off it. Stored nowhere; a seat's drags go out at most 30 times a second,
    /// the newest position always last.
    ///
    /// - Throws: ``ServiceError`` for an unknown table or stack, a token of no seat, a place
    ///   off the felt, or (`conflict`) a stack the seat does not hold.
    package func drag(at id: String, token: String, stack: String, x: Double, y: Double, card: String? = nil) async throws {
        try Tabletop.checkPosition(x: x, y: y)
        // A handle as the views give them (the others' pages match it to a card they show);
        // nothing else is passed on.
        if let card, card.isEmpty || card.count > 32 || !card.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."z").contains($0) }) {
            throw ServiceError(.badRequest, .handle, value: card, "is not a card's handle", allowed: "give the handle of the carried card as the table's view shows it, or none for the whole stack")
        }
        // A drag comes 30 times a second: the table's last read and the holds heard since
        // answer without a read of the store while the table has not changed.
        if let seat = events.drags.knownDrag(table: id, token: token, stack: stack) {
            await events.send(.dragged(stack: stack, seat: seat, x: x, y: y, card: card), table: id)
            return
        }
        events.drags.reading(id)
        let table = try await loadTable(id)
        events.drags.learn(table, id: id)
        let seat = try Self.seat(of: token, at: table, id: id)
        _ = try table.existingStack(stack)
        guard let hold = table.holds[stack], hold.seat == seat, hold.until > now() else {
            throw ServiceError(
                .conflict, .stack, value: stack, "is not held by your seat",
                allowed: "hold it first (POST hold with stack=\(stack)), and again at least every \(Int(limits.holdDuration)) s while dragging")
        }
        await events.send(.dragged(stack: stack, seat: seat, x: x, y: y, card: card), table: id)
    }

    /// The faces of the face-down cards of the stack `stack` (or of the cards `references`
    /// names in it), for the seat whose token is `token` alone, with the table as that seat
    /// sees it (from the same read, so the handles match). The table's streams hear that the
    /// seat peeked at the stack, and nothing more.
    ///
    /// - Throws: ``ServiceError`` for an unknown table, stack or card, or a token of no seat.
    package func peek(
        at id: String, token: String, stack: String, at references: [CardReference] = []
    ) async throws -> (view: TabletopView, faces: [(handle: String, card: PlayingCard)]) {
        let table = try await loadTable(id)
        let seat = try Self.seat(of: token, at: table, id: id)
        let faces = try table.peek(stack, by: seat, at: references)
        await events.send(.peeked(stack: stack, seat: seat), table: id)
        return (TabletopView(id: id, table: table, viewer: seat, holdsAt: now()), faces)
    }

    /// Applies `body` to a table in one store transaction, for the seat that `token` holds,
    /// with the secure generator for its shuffles and handles. Answers `body`'s answer and the
    /// table as stored, for the change's announcement (see ``TableEvents/announce(table:version:record:)``).
    func changeTabletop<Answer: Sendable>(
        _ id: String, token: String,
        _ body: @escaping @Sendable (inout Tabletop, Int, inout SecureRandom) throws(ServiceError) -> Answer
    ) async throws -> (answer: Answer, record: [UInt8]) {
        guard RecordID.isWellFormed(id) else { throw Self.noSuchTable(id) }
        events.drags.reading(id)
        let changed = try await store.update(.table, id: id, at: now()) { bytes in
            var table = try Tabletop(decoding: bytes, id: id)
            let seat = try Self.seat(of: token, at: table, id: id)
            var generator = SecureRandom()
            let answer = try body(&table, seat, &generator)
            let record = try table.encoded(id: id)
            return (record, (answer, table, record))
        }
        guard let (answer, table, record) = changed else { throw Self.noSuchTable(id) }
        events.drags.learn(table, id: id)
        return (answer, record)
    }
}
