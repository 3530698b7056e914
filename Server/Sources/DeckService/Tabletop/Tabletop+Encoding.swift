import Foundation
import PlayingCards

/// The stored form of a free-form table: compact bytes, as decks are stored, because every
/// action loads and saves the whole table inside its transaction.
///
/// Layout (format 4; numbers big-endian; texts a 1-byte length and UTF-8):
/// ```text
/// format        1 byte (4; 3 without shown hands, 2 without settings either; a table of the
///               release before starts with '{': JSON)
/// flags         1 byte: 1 seeded
/// version       4 bytes
/// next stack    4 bytes: the number of the next stack made
/// composition   2-byte count, then one byte per card: suit × 13 + rank − 1, jokers 52 and 53
/// seats         1-byte count; each: 1 byte taken (0 or 1), then when taken the name and the
///               token's hash (text); hand version 4 bytes; hand (2-byte count, cards);
///               undo steps (1-byte count, each a step)
/// stacks        2-byte count; each a stack
/// holds         2-byte count; each: stack id, seat 1 byte, until (8-byte seconds since 2001,
///               Foundation's reference date, as `Date` keeps it)
/// settings      creator's token hash, watch key, felt colour (texts, empty for none);
///               the last background's number 4 bytes (0 for none yet), and the background's
///               media type (text, empty when there is none now)
/// shown hands   1-byte count; each: the number of a seat that shows its hand, 1 byte
///
/// stack         id; x, y (8 bytes each); z 4 bytes (biased by 2³¹); layout 1 byte (0 squared,
///               1 right, 2 down) and for a spread its step (8 bytes); rotation 1 byte (0 or 1
///               for 90); label (text, empty for none); version 4 bytes; changed by 1 byte (0 for
///               none); nonce 8 bytes; cards: 2-byte count, a byte each: the card's byte,
///               + 128 when face up
/// undo step     version 4 bytes; action name; seeded 1 byte; stacks: 2-byte count, each: id,
///               after 1 byte, kept bottom and kept top cards (2 bytes each), version after
///               (4 bytes), before 1 byte (0 none, 1 a stack follows, with only its changed
///               cards); hands: 1-byte count, each: seat 1 byte, versions before and after
///               (4 bytes each) and its cards
/// ```
extension Tabletop {
    static let formatVersion: UInt8 = 4

    /// The stored bytes of this table.
    ///
    /// - Throws: ``ServiceError`` (`internalFailure`, naming `id`) when a count does not fit
    ///   its field (the service's limits keep every table well inside them).
    package func encoded(id: String? = nil) throws(ServiceError) -> [UInt8] {
        var out = RecordWriter(id: id)
        out.bytes.reserveCapacity(64 + 2 * composition.count)
        out.bytes.append(Self.formatVersion)
        out.bytes.append(seeded ? 1 : 0)
        try out.appendUInt32(version)
        try out.appendUInt32(nextStackNumber)
        try out.appendCards(composition)
        try out.appendLength(seats.count)
        for seat in seats {
            if let name = seat.name, let hash = seat.tokenHash {
                out.bytes.append(1)
                try out.appendShortText(name)
                try out.appendShortText(hash)
            } else {
                out.bytes.append(0)
            }
            try out.appendUInt32(seat.handVersion)
            try out.appendCards(seat.hand)
            try out.appendLength(seat.undo.count)
            for step in seat.undo { try Self.append(step, to: &out) }
        }
        try out.appendCount(stacks.count)
        for stack in stacks { try Self.append(stack, to: &out) }
        let held = holds.sorted { $0.key < $1.key }
        try out.appendCount(held.count)
        for (id, hold) in held {
            try out.appendShortText(id)
            try out.appendLength(hold.seat)
            out.appendDouble(hold.until.timeIntervalSinceReferenceDate)
        }
        try out.appendShortText(settings.creatorTokenHash ?? "")
        try out.appendShortText(settings.watchKey ?? "")
        try out.appendShortText(settings.feltColour ?? "")
        try out.appendUInt32(settings.lastBackgroundNumber)
        try out.appendShortText(settings.background?.mediaType ?? "")
        let shown = seats.indices.filter { seats[$0].handShown }
        try out.appendLength(shown.count)
        for index in shown { try out.appendLength(index + 1) }
        return out.bytes
    }

    /// Reads a table written by ``encoded(id:)``, or by the release before (JSON, whose piles
    /// become face-up stacks in a row under the deck); without its seats' undo steps unless
    /// `keepingUndo` (a table only looked at needs none; one written back must keep them).
    ///
    /// - Throws: ``ServiceError`` (`internalFailure`, naming `id`) when the bytes are not a
    ///   stored table.
    package init(decoding bytes: [UInt8], id: String? = nil, keepingUndo: Bool = true) throws(ServiceError) {
        if bytes.first == UInt8(ascii: "{") {
            self.init(migrating: try Self.decodeLegacy(bytes, id: id))
            if !keepingUndo { seats = seats.map { var seat = $0; seat.undo = []; return seat } }
            return
        }
        let corrupt = ServiceError(.internalFailure, .store, value: id, "has a damaged table record")
        var reader = RecordReader(bytes: bytes)
        let format = reader.byte()
        guard let format, (2...Self.formatVersion).contains(format), let flags = reader.byte(), let version = reader.uint32(),
              let next = reader.uint32(), let composition = reader.cards(), let seatCount = reader.byte()
        else { throw corrupt }
        var seats: [Seat] = []
        for _ in 0..<seatCount {
            guard let taken = reader.byte() else { throw corrupt }
            var seat = Seat.free
            if taken == 1 {
                guard let name = reader.shortText(), let hash = reader.shortText() else { throw corrupt }
                (seat.name, seat.tokenHash) = (name, hash)
            }
            guard let handVersion = reader.uint32(), let hand = reader.cards(), let steps = reader.byte() else { throw corrupt }
            (seat.handVersion, seat.hand) = (handVersion, hand)
            for _ in 0..<steps {
                guard let step = Self.readStep(&reader) else { throw corrupt }
                if keepingUndo { seat.undo.append(step) }
            }
            seats.append(seat)
        }
        guard let stackCount = reader.count() else { throw corrupt }
        var stacks: [FeltStack] = []
        for _ in 0..<stackCount {
            guard let stack = Self.readStack(&reader) else { throw corrupt }
            stacks.append(stack)
        }
        guard let holdCount = reader.count() else { throw corrupt }
        var holds: [String: Hold] = [:]
        for _ in 0..<holdCount {
            guard let stack = reader.shortText(), let seat = reader.byte(), let until = reader.double() else { throw corrupt }
            holds[stack] = Hold(seat: Int(seat), until: Date(timeIntervalSinceReferenceDate: until))
        }
        var settings = Settings.none
        if format >= 3 {
            guard let creator = reader.shortText(), let watchKey = reader.shortText(), let colour = reader.shortText(),
                  let lastBackground = reader.uint32(), let mediaType = reader.shortText(), mediaType.isEmpty || lastBackground > 0
            else { throw corrupt }
            settings.creatorTokenHash = creator.isEmpty ? nil : creator
            settings.watchKey = watchKey.isEmpty ? nil : watchKey
            settings.feltColour = colour.isEmpty ? nil : colour
            settings.lastBackgroundNumber = lastBackground
            if !mediaType.isEmpty { settings.background = Background(number: lastBackground, mediaType: mediaType) }
        }
        if format >= 4 {
            guard let count = reader.byte() else { throw corrupt }
            for _ in 0..<count {
                guard let number = reader.byte(), seats.indices.contains(Int(number) - 1) else { throw corrupt }
                seats[Int(number) - 1].handShown = true
            }
        }
        guard reader.isAtEnd else { throw corrupt }
        self.init(
            version: version, seats: seats, stacks: stacks, composition: composition, nextStackNumber: next,
            holds: holds, seeded: flags & 1 != 0, settings: settings)
        // Every card in one place: a record that says otherwise is damaged.
        guard allCards.count == composition.count,
              allCards.sorted(by: { $0.storedByte < $1.storedByte }) == composition.sorted(by: { $0.storedByte < $1.storedByte })
        else { throw corrupt }
    }

    private static func append(_ stack: FeltStack, to out: inout RecordWriter) throws(ServiceError) {
        try out.appendShortText(stack.id)
        out.appendDouble(stack.x)
        out.appendDouble(stack.y)
        out.appendBits(UInt64(truncatingIfNeeded: Int64(stack.z) + Int64(Int32.max) + 1), bytes: 4)
        switch stack.layout {
        case .squared: out.bytes.append(0)
        case .spread(let direction, let step):
            out.bytes.append(direction == .right ? 1 : 2)
            out.appendDouble(step)
        }
        out.bytes.append(stack.rotation == 90 ? 1 : 0)
        try out.appendShortText(stack.label ?? "")
        try out.appendUInt32(stack.version)
        try out.appendLength(stack.changedBy ?? 0)
        out.appendBits(stack.nonce, bytes: 8)
        try out.appendCount(stack.cards.count)
        for card in stack.cards { out.bytes.append(card.card.storedByte | (card.faceUp ? 128 : 0)) }
    }

    private static func readStack(_ reader: inout RecordReader) -> FeltStack? {
        guard let id = reader.shortText(), let x = reader.double(), let y = reader.double(), let z = reader.bits(4),
              let layoutByte = reader.byte()
        else { return nil }
        let layout: FeltStack.Layout
        switch layoutByte {
        case 0: layout = .squared
        case 1, 2:
            guard let step = reader.double() else { return nil }
            layout = .spread(layoutByte == 1 ? .right : .down, step: step)
        default: return nil
        }
        guard let rotation = reader.byte(), let label = reader.shortText(), let version = reader.uint32(),
              let changedBy = reader.byte(), let nonce = reader.bits(8), let count = reader.count(), let raw = reader.bytes(count)
        else { return nil }
        var cards: [FeltStack.Card] = []
        cards.reserveCapacity(count)
        for byte in raw {
            guard let card = PlayingCard(storedByte: byte & 127) else { return nil }
            cards.append(FeltStack.Card(card, faceUp: byte & 128 != 0))
        }
        return FeltStack(
            id: id, x: x, y: y, z: Int(Int64(z) - Int64(Int32.max) - 1), layout: layout, rotation: rotation == 1 ? 90 : 0,
            label: label.isEmpty ? nil : label, cards: cards, version: version, changedBy: changedBy == 0 ? nil : Int(changedBy),
            nonce: nonce)
    }

    private static func append(_ step: UndoStep, to out: inout RecordWriter) throws(ServiceError) {
        try out.appendUInt32(step.version)
        try out.appendShortText(step.action)
        out.bytes.append(step.seeded ? 1 : 0)
        try out.appendCount(step.stacks.count)
        for stack in step.stacks {
            try out.appendShortText(stack.id)
            out.bytes.append(stack.after ? 1 : 0)
            try out.appendCount(stack.keptBottom)
            try out.appendCount(stack.keptTop)
            try out.appendUInt32(stack.afterVersion)
            if let before = stack.before {
                out.bytes.append(1)
                try append(before, to: &out)
            } else {
                out.bytes.append(0)
            }
        }
        try out.appendLength(step.hands.count)
        for hand in step.hands {
            try out.appendLength(hand.seat)
            try out.appendUInt32(hand.beforeVersion)
            try out.appendUInt32(hand.afterVersion)
            try out.appendCards(hand.before)
        }
    }

    private static func readStep(_ reader: inout RecordReader) -> UndoStep? {
        guard let version = reader.uint32(), let action = reader.shortText(), let seeded = reader.byte(),
              let stackCount = reader.count()
        else { return nil }
        var stacks: [UndoStep.StackBefore] = []
        for _ in 0..<stackCount {
            guard let id = reader.shortText(), let after = reader.byte(), let bottom = reader.count(), let top = reader.count(),
                  let afterVersion = reader.uint32(), let hasBefore = reader.byte()
            else { return nil }
            var before: FeltStack?
            if hasBefore == 1 {
                guard let stack = readStack(&reader) else { return nil }
                before = stack
            }
            stacks.append(UndoStep.StackBefore(id: id, before: before, after: after == 1, keptBottom: bottom, keptTop: top, afterVersion: afterVersion))
        }
        guard let handCount = reader.byte() else { return nil }
        var hands: [UndoStep.HandBefore] = []
        for _ in 0..<handCount {
            guard let seat = reader.byte(), let beforeVersion = reader.uint32(), let afterVersion = reader.uint32(),
                  let cards = reader.cards()
            else { return nil }
            hands.append(UndoStep.HandBefore(seat: Int(seat), before: cards, beforeVersion: beforeVersion, afterVersion: afterVersion))
        }
        return UndoStep(version: version, action: action, seeded: seeded == 1, stacks: stacks, hands: hands)
    }
}
