import Foundation
package import PlayingCards

extension Tabletop {
    /// This table's layout: its stacks in the order of their `z`, bottom first, and its hands
    /// as counts.
    package func layout() -> TableLayout {
        let jokers = composition.contains { $0.rank == nil }
        return TableLayout(
            format: TableLayout.formatName, version: TableLayout.currentVersion,
            settings: .init(seats: seats.count, deckCount: max(1, composition.count / (jokers ? 54 : 52)), jokers: jokers),
            stacks: stacks.sorted { ($0.z, Self.stackOrder($0.id)) < ($1.z, Self.stackOrder($1.id)) }.map { stack in
                let (layout, step): (String, Double?) = switch stack.layout {
                case .squared: ("squared", nil)
                case .spread(let direction, let step): (direction.rawValue, step)
                }
                return TableLayout.Stack(
                    id: stack.id, x: stack.x, y: stack.y, layout: layout, step: step, rotation: stack.rotation, label: stack.label,
                    faces: String(stack.cards.map { $0.faceUp ? "U" : "D" }))
            },
            hands: seats.map(\.hand.count))
    }

    /// A table laid out as `layout`, its cards (`deck`, top first, already shuffled) dealt
    /// afresh: each stack other than the deck's takes its cards off the top, turned as its
    /// faces say, and the deck's stack the rest, face down.
    ///
    /// - Throws: ``ServiceError`` (`badRequest`) naming what is wrong with the layout: a newer
    ///   version, a bad place, layout, step, rotation, label or face, more stacks than allowed,
    ///   or more cards than the decks hold.
    package init(layout: TableLayout, deck: [PlayingCard], nonce: some RandomNumberGenerator) throws(ServiceError) {
        var generator = nonce
        guard layout.format == TableLayout.formatName else {
            throw ServiceError.badRequest(.layout, value: layout.format, "is not a table layout's format", allowed: "give \(TableLayout.formatName)")
        }
        guard layout.version <= TableLayout.currentVersion, layout.version >= 1 else {
            throw ServiceError.badRequest(
                .layout, value: String(layout.version),
                layout.version > TableLayout.currentVersion ? "is a version this server does not read (it is from a newer one)" : "is no layout version",
                allowed: "give a layout of version 1 to \(TableLayout.currentVersion)")
        }
        let others = layout.stacks.filter { $0.id != FeltStack.deckID }
        guard layout.stacks.count - others.count <= 1 else {
            throw ServiceError.badRequest(.layout, "has more than one deck stack", allowed: "give one stack with the id deck, or none")
        }
        // The deck's stack is made when the layout has none: it counts too.
        guard others.count + 1 <= Self.maximumStacks else {
            throw ServiceError.badRequest(.layout, value: String(others.count + 1), "has too many stacks", allowed: "give at most \(Self.maximumStacks), the deck's included")
        }
        for entry in layout.stacks {
            guard entry.id == FeltStack.deckID || !entry.faces.isEmpty else {
                throw ServiceError.badRequest(.layout, value: entry.id, "is a stack without cards", allowed: "give each stack but the deck one face at least (U or D)")
            }
            guard entry.faces.allSatisfy({ $0 == "U" || $0 == "D" }) else {
                throw ServiceError.badRequest(.layout, value: entry.id, "has a face that is not U or D", allowed: "write U (face up) or D (face down)")
            }
        }
        let needed = others.reduce(0) { $0 + $1.faces.count }
        guard needed <= deck.count else {
            throw ServiceError.badRequest(
                .layout, value: String(needed), "holds more cards than its decks: they hold \(deck.count)",
                allowed: "lay out at most \(deck.count) cards, or raise deck_count")
        }
        let deckPlace = layout.stacks.first { $0.id == FeltStack.deckID }
        self.init(deck: deck, seats: layout.settings.seats, seeded: false, deckAt: (deckPlace?.x ?? 40, deckPlace?.y ?? 40), nonce: generator.next())
        var top = stacks[0].cards.count
        for (order, entry) in layout.stacks.enumerated() {
            try Self.checkPosition(x: entry.x, y: entry.y)
            var stack: FeltStack
            if entry.id == FeltStack.deckID {
                stack = stacks[0]
            } else {
                var cards: [FeltStack.Card] = []
                for face in entry.faces {
                    top -= 1
                    cards.append(FeltStack.Card(stacks[0].cards[top].card, faceUp: face == "U"))
                }
                stack = FeltStack(
                    id: "s\(nextStackNumber)", x: entry.x, y: entry.y, z: 0, layout: .squared, rotation: 0, label: nil,
                    cards: cards, version: 1, changedBy: nil, nonce: generator.next())
                nextStackNumber += 1
            }
            stack.z = order
            (stack.x, stack.y) = (entry.x, entry.y)
            switch entry.layout {
            case "squared": stack.layout = .squared
            case "right", "down":
                let step = entry.step ?? 24
                guard step.isFinite, (1...200).contains(step) else {
                    throw ServiceError.badRequest(.layout, value: "\(step)", "is not a spread's step", allowed: "give a step of 1 to 200 table units")
                }
                stack.layout = .spread(entry.layout == "right" ? .right : .down, step: step)
            default:
                throw ServiceError.badRequest(.layout, value: entry.layout, "is not a layout", allowed: "give squared, right or down")
            }
            guard [0, 90].contains(entry.rotation) else {
                throw ServiceError.badRequest(.rotation, value: String(entry.rotation), "is not allowed", allowed: "give 0 or 90")
            }
            stack.rotation = entry.rotation
            stack.label = try entry.label.map { label throws(ServiceError) in try Self.checkLabel(label) }
            if stack.isDeck { stacks[0] = stack } else { stacks.append(stack) }
        }
        stacks[0].cards.removeLast(stacks[0].cards.count - top)
    }

    /// Reads a layout file.
    ///
    /// - Throws: ``ServiceError`` (`badRequest`) when it is not a layout's JSON.
    package static func readLayout(_ text: String) throws(ServiceError) -> TableLayout {
        do {
            return try JSONDecoder().decode(TableLayout.self, from: Data(text.utf8))
        } catch {
            throw ServiceError.badRequest(
                .layout, "is not a table layout: \(Self.reason(error))",
                allowed: "give a file that GET /api/table/{id}/export/ wrote, or one of Server/Layouts/")
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "it lacks \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "it is not JSON"
        }
    }
}
