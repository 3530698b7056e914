import Foundation
public import PlayingCards

/// Card tables: a shared deck and face-up piles, and seats whose hands only their own player
/// sees. A seat is claimed with a name and answered with a token; every action of the seat
/// brings that token. Every change raises the table's version by one and, once committed, is
/// announced through the ``TableChangeFeed`` so that event streams everywhere show it.
///
/// A table is stored as a free-form ``Tabletop``: the deck is its deck stack and each pile a
/// face-up stack labelled with the pile's name, and every action here is one of its actions,
/// so the rules are written once, in the model.
extension DeckService {
    /// The name of the pile cards are played to when no other is named.
    public static let centerPile = "center"

    /// Makes a table, shuffled, with its creator in seat 1.
    ///
    /// - Throws: ``ServiceError`` for a name, seat count or deck count outside the limits;
    ///   nothing is stored then.
    public func newTable(_ request: NewTableRequest) async throws -> SeatTicket {
        try await newTable(request, layout: nil)
    }

    /// Makes a table, shuffled, with its creator in seat 1; with a `layout`, its seats and decks
    /// are the layout's and its stacks are laid out as the layout says, dealt afresh.
    ///
    /// - Throws: ``ServiceError`` for a name, seat count or deck count outside the limits, or a
    ///   layout that cannot be laid out; nothing is stored then.
    package func newTable(_ request: NewTableRequest, layout: TableLayout?) async throws -> SeatTicket {
        var request = request
        if let layout {
            request.seats = layout.settings.seats
            request.deckCount = layout.settings.deckCount
            request.jokers = layout.settings.jokers
        }
        let name = try checkPlayerName(request.name)
        guard limits.seatsPerTable.contains(request.seats) else {
            throw ServiceError.badRequest(
                .seats, value: String(request.seats), "is not allowed",
                allowed: "give \(limits.seatsPerTable.lowerBound) to \(limits.seatsPerTable.upperBound)")
        }
        guard limits.decksPerTable.contains(request.deckCount) else {
            throw ServiceError.badRequest(
                .deckCount, value: String(request.deckCount), "is not allowed at a table",
                allowed: "give \(limits.decksPerTable.lowerBound) to \(limits.decksPerTable.upperBound)")
        }
        let one = PlayingCard.standardDeck + (request.jokers ? [.joker(.black), .joker(.red)] : [])
        var deck = PlayingCardDeck(cards: Array(repeatElement(one, count: request.deckCount).joined()))
        if let seed = request.seed { deck.shuffle(seed: seed) } else { deck.shuffle() }
        var random = SecureRandom()
        var table = try layout.map { layout throws(ServiceError) in try Tabletop(layout: layout, deck: deck.cards, nonce: random) }
            ?? Tabletop(deck: deck.cards, seats: request.seats, seeded: request.seed != nil, nonce: random.next())
        table.seeded = request.seed != nil
        let token = TableToken.make()
        table.seats[0] = .init(name: name, tokenHash: TableToken.hash(token), hand: [], handVersion: table.version, undo: [])
        table.settings.creatorTokenHash = TableToken.hash(token)
        let id = RecordID.make()
        try await store.insert(.table, id: id, state: try table.encoded(id: id), at: now())
        return SeatTicket(seat: 1, name: name, token: token, table: TableView(id: id, table: table, viewer: 1))
    }

    /// Seats `name` in the first free seat.
    ///
    /// - Throws: ``ServiceError`` for an unknown table, a bad name, or a full table (`conflict`).
    public func joinTable(_ id: String, name: String) async throws -> SeatTicket {
        let name = try checkPlayerName(name)
        let token = TableToken.make()
        let hash = TableToken.hash(token)
        let view = try await changeTable(id, token: nil) { table, _, _ throws(ServiceError) in
            (try table.seat(name: name, tokenHash: hash), nil)
        }
        return SeatTicket(seat: view.viewerSeat!, name: name, token: token, table: view)
    }

    /// The table's layout (``TableLayout``): its settings and stacks, with which cards lie face
    /// up, and hands as counts, but no card's identity; for a seat's token only.
    package func tableLayout(_ id: String, token: String) async throws -> TableLayout {
        let table = try await loadTable(id)
        _ = try Self.seat(of: token, at: table, id: id)
        return table.layout()
    }

    /// The table as the holder of `token` sees it, or as anyone does without a token.
    ///
    /// - Throws: ``ServiceError`` for an unknown table or a token that holds no seat there.
    public func table(_ id: String, token: String?) async throws -> TableView {
        let table = try await loadTable(id)
        let seat = try token.map { token throws(ServiceError) in try Self.seat(of: token, at: table, id: id) }
        return TableView(id: id, table: table, viewer: seat)
    }

    /// Draws `count` cards from the top of the deck into the seat's hand, all or nothing.
    public func drawAtTable(_ id: String, token: String, count: Int) async throws -> TableView {
        try Self.checkMoving(count)
        return try await changeTable(id, token: token) { table, seat, generator throws(ServiceError) in
            let deck = table.stacks[try table.existingStack(FeltStack.deckID)]
            try Self.checkCount(count, available: deck.cards.count, place: "deck")
            let outcome = try table.perform(
                .move(from: .top(stack: FeltStack.deckID, count: count), to: .hand(seat: seat!), face: .keep),
                by: seat!, at: now(), using: &generator)
            return (seat, outcome.moved)
        }
    }

    /// Deals `count` cards to every taken seat, one at a time in seat order, all or nothing.
    public func dealAtTable(_ id: String, token: String, count: Int) async throws -> TableView {
        try Self.checkMoving(count)
        return try await changeTable(id, token: token) { table, seat, generator throws(ServiceError) in
            let players = table.seats.filter(\.isTaken).count
            let remaining = table.stacks[try table.existingStack(FeltStack.deckID)].cards.count
            let (total, overflow) = count.multipliedReportingOverflow(by: players)
            guard !overflow, total <= remaining else {
                throw ServiceError.badRequest(
                    .count, value: String(count),
                    "is more than the deck can deal: \(players) players need \(overflow ? "more" : String(total)) cards and the deck holds \(remaining)",
                    allowed: "nothing was dealt")
            }
            let outcome = try table.perform(.deal(from: FeltStack.deckID, count: count), by: seat!, at: now(), using: &generator)
            return (seat, outcome.moved ?? [])
        }
    }

    /// Plays cards from the seat's hand onto a face-up pile, making it if needed; the last card
    /// listed ends on top.
    ///
    /// - Throws: ``ServiceError`` for a bad pile name, too many piles, or cards the hand does
    ///   not hold (naming them); nothing moves.
    public func playAtTable(_ id: String, token: String, cards: [PlayingCard], pile name: String) async throws -> TableView {
        let name = try checkTablePileName(name)
        let maximumPiles = limits.pilesPerDeck
        return try await changeTable(id, token: token) { table, seat, generator throws(ServiceError) in
            guard !cards.isEmpty else {
                throw ServiceError.badRequest(.cards, "is empty", allowed: "list the cards to play from your hand, such as cards=AS,2S")
            }
            let pile = table.pile(named: name)
            if pile == nil, table.stacks.count - 1 >= maximumPiles {
                throw ServiceError.badRequest(
                    .pileName, value: name, "cannot be made: the table has \(maximumPiles) piles, the most it may have",
                    allowed: "play to an existing pile")
            }
            _ = try Self.hand(table.seats[seat! - 1].hand, without: cards)
            if let pile {
                try table.perform(.move(from: .hand(cards), to: .top(stack: table.stacks[pile].id), face: .up), by: seat!, at: now(), using: &generator)
            } else {
                let place = Self.newPilePlace(on: table)
                try table.perform(.move(from: .hand(cards), to: .newStack(x: place.x, y: place.y), face: .up), by: seat!, at: now(), using: &generator)
                table.stacks[table.stacks.count - 1].label = name
            }
            return (seat, cards)
        }
    }

    /// Takes cards from a face-up pile into the seat's hand: a number from the top, or the
    /// cards named.
    ///
    /// - Throws: ``ServiceError`` for an unknown pile, a count larger than the pile, or cards
    ///   the pile does not hold; nothing moves.
    public func takeFromTablePile(_ id: String, token: String, pile name: String, _ take: PileTake) async throws -> TableView {
        switch take {
        case .count(let count): try Self.checkMoving(count)
        case .cards(let cards) where cards.isEmpty:
            throw ServiceError.badRequest(.cards, "is empty", allowed: "name the cards to take, such as cards=AS")
        case .cards: break
        }
        return try await changeTable(id, token: token) { table, seat, generator throws(ServiceError) in
            guard let pile = table.pile(named: name) else {
                throw ServiceError(.notFound, .pile, value: name, "is not on the table", allowed: "piles are made by playing cards to them")
            }
            let stack = table.stacks[pile]
            let source: CardSource
            switch take {
            case .count(let count):
                try Self.checkCount(count, available: stack.cards.count, place: "pile '\(name)'")
                source = .top(stack: stack.id, count: count)
            case .cards(let cards):
                var faceUp = Self.copies(of: stack.cards.filter(\.faceUp).map(\.card))
                let missing = cards.filter { card in
                    guard let count = faceUp[card], count > 0 else { return true }
                    faceUp[card] = count - 1
                    return false
                }
                guard missing.isEmpty else {
                    throw ServiceError(
                        .cardsMissing, .cards, "cannot be taken: \(Self.listed(missing)) \(missing.count == 1 ? "is" : "are") not in pile '\(name)'",
                        allowed: "list the pile to see its cards")
                }
                source = .cards(stack: stack.id, cards.map { .faceUp($0) })
            }
            let outcome = try table.perform(.move(from: source, to: .hand(seat: seat!), face: .keep), by: seat!, at: now(), using: &generator)
            return (seat, outcome.moved)
        }
    }

    /// Gathers every card from the hands and piles into the deck and shuffles it.
    public func shuffleTable(_ id: String, token: String) async throws -> TableView {
        try await changeTable(id, token: token) { table, seat, generator throws(ServiceError) in
            try table.perform(.gather, by: seat!, at: now(), using: &generator)
            return (seat, nil)
        }
    }

    /// Frees the seat; its hand goes into the deck, each card at a random place, so that nobody
    /// learns where. The token holds no seat after.
    public func leaveTable(_ id: String, token: String) async throws -> TableView {
        try await changeTable(id, token: token) { table, seat, generator throws(ServiceError) in
            try table.leave(seat!, at: now(), using: &generator)
            return (nil, nil)
        }
    }

    // MARK: Shared steps

    /// Loads a table that must exist.
    func loadTable(_ id: String) async throws -> Tabletop {
        try await Self.loadTable(id, from: store)
    }

    /// Loads a table that must exist from `store`; without its seats' undo steps unless
    /// `keepingUndo` (what is only looked at, such as the streams' tables, needs none).
    static func loadTable(_ id: String, from store: any RecordStore, keepingUndo: Bool = true) async throws -> Tabletop {
        guard RecordID.isWellFormed(id), let bytes = try await store.read(.table, id: id) else { throw Self.noSuchTable(id) }
        return try Tabletop(decoding: bytes, id: id, keepingUndo: keepingUndo)
    }

    /// Applies `body` to a table in one store transaction and announces the change once
    /// committed; `body` changes the table through its own methods, which raise its version.
    /// With a `token`, the seat it holds is found first and passed to `body`, with the secure
    /// generator for its shuffles and handles; `body` returns the viewer's seat for the answer
    /// and the cards it moved.
    func changeTable(
        _ id: String, token: String?,
        _ body: @escaping @Sendable (inout Tabletop, Int?, inout SecureRandom) throws(ServiceError) -> (viewer: Int?, moved: [PlayingCard]?)
    ) async throws -> TableView {
        guard RecordID.isWellFormed(id) else { throw Self.noSuchTable(id) }
        let view = try await store.update(.table, id: id, at: now()) { bytes in
            var table = try Tabletop(decoding: bytes, id: id)
            let seat = try token.map { token throws(ServiceError) in try Self.seat(of: token, at: table, id: id) }
            var generator = SecureRandom()
            let (viewer, moved) = try body(&table, seat, &generator)
            return (try table.encoded(id: id), TableView(id: id, table: table, viewer: viewer, moved: moved))
        }
        guard let view else { throw Self.noSuchTable(id) }
        await events.announce(table: id, version: view.version)
        return view
    }

    /// The seat (from 1) whose token `token` is.
    ///
    /// - Throws: ``ServiceError`` (`unauthorized`) when it is no seat's token at this table.
    static func seat(of token: String, at table: Tabletop, id: String) throws(ServiceError) -> Int {
        if TableToken.isWellFormed(token) {
            let hash = TableToken.hash(token)
            if let index = table.seats.firstIndex(where: { $0.tokenHash == hash }) { return index + 1 }
        }
        throw ServiceError(
            .unauthorized, .token, "holds no seat at table \(id)",
            allowed: "bring the token your seat was given when it was taken, or join the table")
    }

    /// `hand` without one copy of each card of `cards`.
    ///
    /// - Throws: ``ServiceError`` naming the cards the hand does not hold.
    static func hand(_ hand: [PlayingCard], without cards: [PlayingCard]) throws(ServiceError) -> [PlayingCard] {
        var leaving = copies(of: cards)
        var kept: [PlayingCard] = []
        for card in hand {
            if let count = leaving[card], count > 0 { leaving[card] = count - 1 } else { kept.append(card) }
        }
        let missing = cards.filter { card in
            guard let count = leaving[card], count > 0 else { return false }
            leaving[card] = count - 1
            return true
        }
        guard missing.isEmpty else {
            throw ServiceError.badRequest(
                .cards, value: missing.map(\.apiCode).joined(separator: ","), "\(missing.count == 1 ? "is" : "are") not in your hand",
                allowed: "play only cards your hand holds")
        }
        return kept
    }

    /// A player's name, trimmed of surrounding spaces: 1 to 32 characters (and at most four
    /// bytes of UTF-8 each, so that stacked combining marks cannot make one character long),
    /// with no control or formatting characters (such as the right-to-left override, which
    /// could make a name pass for another on the page).
    func checkPlayerName(_ name: String) throws(ServiceError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let bounds = limits.playerNameLength
        guard bounds.contains(trimmed.count), trimmed.utf8.count <= 4 * bounds.upperBound else {
            throw ServiceError.badRequest(
                .playerName, value: trimmed.count <= bounds.upperBound ? trimmed : nil,
                "is \(trimmed.count) characters (\(trimmed.utf8.count) bytes) long",
                allowed: "give \(bounds.lowerBound) to \(bounds.upperBound) characters of at most \(4 * bounds.upperBound) bytes in all")
        }
        guard !trimmed.unicodeScalars.contains(where: \.isHiddenInNames) else {
            throw ServiceError.badRequest(.playerName, "has control or formatting characters", allowed: "use letters, digits, spaces and punctuation")
        }
        return trimmed
    }

    /// A pile's name at a table: the deck's rules for pile names, not only spaces, and no
    /// control or formatting characters, so that no pile can pass for another on the page
    /// (`center` and a zero-width space, say).
    func checkTablePileName(_ name: String) throws(ServiceError) -> String {
        try checkPileName(name)
        guard !name.allSatisfy(\.isWhitespace) else {
            throw ServiceError.badRequest(.pileName, value: name, "is only spaces", allowed: "name the pile with letters or digits, such as center")
        }
        guard !name.unicodeScalars.contains(where: \.isHiddenInNames) else {
            throw ServiceError.badRequest(.pileName, "has control or formatting characters", allowed: "use letters, digits, spaces and punctuation")
        }
        // A pile is a labelled stack: its name keeps the labels' rules, so that a table's
        // layout, exported, can be laid out again.
        guard (try? Tabletop.checkLabel(name)) == name else {
            throw ServiceError.badRequest(
                .pileName, value: name, "is not a pile name at a table", allowed: "give 1 to 32 characters without spaces around them")
        }
        return name
    }

    /// Where a new pile goes: the next place of the row beside the deck.
    static func newPilePlace(on table: Tabletop) -> (x: Double, y: Double) {
        Tabletop.pilePlace(table.stacks.count - 1)
    }

    /// A number of cards an action moves: one or more (moving none would be a change that
    /// changes nothing, sent to every viewer all the same).
    static func checkMoving(_ count: Int) throws(ServiceError) {
        guard count >= 1 else {
            throw ServiceError.badRequest(.count, value: String(count), "is not allowed", allowed: "give 1 or more cards")
        }
    }

    static func noSuchTable(_ id: String) -> ServiceError {
        ServiceError(.notFound, .table, value: id, "does not exist", allowed: "tables idle for a long time are deleted")
    }
}
