import Foundation
import PlayingCards

/// Tables stored by the release before the free-form table (JSON ``StoredTable`` records: a
/// deck, named face-up piles and hands) open as free-form tables, their piles kept.
extension Tabletop {
    /// Where the deck lies on a table of the release before, and its piles in a row beside it.
    static let legacyDeckPlace = (x: 40.0, y: 40.0)
    static let legacyPileSpacing = 110.0

    /// Where the pile numbered `index` (from 0) of a table played through piles lies: in rows
    /// of seven right of the deck, each row under the one before (the last rows at the felt's
    /// bottom edge).
    package static func pilePlace(_ index: Int) -> (x: Double, y: Double) {
        let (row, column) = index.quotientAndRemainder(dividingBy: 7)
        return (legacyDeckPlace.x + legacyPileSpacing * Double(column + 1), min(height, legacyDeckPlace.y + 160 * Double(row)))
    }

    /// The free-form form of a table of the release before: the deck as the deck's stack, face
    /// down; each pile a face-up stack labelled with its name, in a row right of the deck
    /// (wrapping under it); the hands kept; the same version.
    init(migrating old: StoredTable) {
        self.init(deck: old.deck.cards, seats: old.seats.count, seeded: old.seeded, deckAt: Self.legacyDeckPlace)
        version = old.version
        composition = old.deck.composition
        stacks[0].version = old.version
        // An empty pile is no stack: a stack on the felt holds a card at least.
        for (index, name) in old.deck.pileNames.filter({ !(old.deck.pile($0) ?? []).isEmpty }).enumerated() {
            let place = Self.pilePlace(index)
            stacks.append(FeltStack(
                id: "s\(index + 1)", x: place.x, y: place.y, z: index + 1, layout: .squared, rotation: 0,
                label: Self.legacyLabel(name),
                cards: (old.deck.pile(name) ?? []).reversed().map { FeltStack.Card($0, faceUp: true) },
                version: old.version, changedBy: nil, nonce: 0))
        }
        nextStackNumber = stacks.count
        seats = old.seats.map { seat in
            Seat(name: seat.name, tokenHash: seat.tokenHash, hand: seat.hand, handVersion: old.version, undo: [])
        }
    }

    /// A pile's name as a label: the name when it keeps the label rules, else the name without
    /// control and formatting characters, cut to 32 characters (`nil` when nothing is left).
    static func legacyLabel(_ name: String) -> String? {
        if let label = try? checkLabel(name) { return label }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: name.unicodeScalars.filter { !$0.isHiddenInNames })
        let cleaned = String(String(scalars).trimmingCharacters(in: .whitespacesAndNewlines).prefix(32))
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Reads a JSON table record of the release before.
    static func decodeLegacy(_ bytes: [UInt8], id: String?) throws(ServiceError) -> StoredTable {
        do {
            return try JSONDecoder().decode(StoredTable.self, from: Data(bytes))
        } catch {
            throw ServiceError(.internalFailure, .store, value: id, "has a damaged table record: \(error)")
        }
    }
}
