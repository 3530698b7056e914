package import PlayingCards

/// A stack of cards lying on the felt: squared or spread, at a place of its own, each card face
/// up or face down.
package struct FeltStack: Sendable, Hashable {
    /// How the cards of a stack lie.
    package enum Layout: Sendable, Hashable {
        /// Squared: one card's outline, the top card showing.
        case squared
        /// Spread to the right or downwards, each card `step` table units past the one under it.
        case spread(SpreadDirection, step: Double)
    }

    /// Which way a spread runs.
    package enum SpreadDirection: String, Sendable, Hashable, CaseIterable {
        case right, down
    }

    /// A card of a stack and which way up it lies.
    package struct Card: Sendable, Hashable {
        /// The card. Only the server knows it while ``faceUp`` is false.
        package var card: PlayingCard
        /// Whether its face shows to everyone.
        package var faceUp: Bool

        package init(_ card: PlayingCard, faceUp: Bool) {
            self.card = card
            self.faceUp = faceUp
        }
    }

    /// The stack's id: `deck` for the deck, `s` and a number for the others (never reused at a
    /// table).
    package var id: String
    /// Its place on the felt, in table units (``Tabletop/width`` by ``Tabletop/height``): where
    /// the bottom card's top left corner lies.
    package var x: Double
    package var y: Double
    /// Its place in the pile of stacks: a stack with a higher `z` lies over one with a lower.
    package var z: Int
    package var layout: Layout
    /// Turned by 0 or 90 degrees.
    package var rotation: Int
    /// A name for the stack, such as "discard"; `nil` for none.
    package var label: String?
    /// Its cards, bottom first: the last is the top card.
    package var cards: [Card]
    /// The table's version when the stack last changed.
    package var version: Int
    /// The seat whose action changed it last (for the words of a refused undo); `nil` for the
    /// table's own (its making).
    package var changedBy: Int?
    /// Drawn afresh whenever the stack changes: its face-down cards' handles are made from it,
    /// so that no handle follows a card through a move or a shuffle.
    package var nonce: UInt64

    /// The id of the deck's stack.
    package static let deckID = "deck"

    /// Whether this is the deck's stack, which stays on the felt when empty.
    package var isDeck: Bool { id == Self.deckID }
}

extension FeltStack {
    /// The handle of the card at `index` (from the bottom): opaque, and good until the stack
    /// next changes.
    package func handle(at index: Int) -> String {
        handlePrefix + String(index, radix: 36)
    }

    /// What every handle of the stack begins with: a card's handle is this and its index from
    /// the bottom in base 36. It says no more than the handles themselves.
    package var handlePrefix: String { Self.nonceText(nonce) }

    /// The index a handle names, when it is one of this stack's current handles.
    package func index(ofHandle handle: String) -> Int? {
        let prefix = Self.nonceText(nonce)
        guard handle.hasPrefix(prefix), let index = Int(handle.dropFirst(prefix.count), radix: 36),
              cards.indices.contains(index), handle == self.handle(at: index)
        else { return nil }
        return index
    }

    /// Whether `text` has the form of a handle (whatever stack it was of).
    package static func isHandle(_ text: String) -> Bool {
        (nonceLength + 1...nonceLength + 2).contains(text.utf8.count)
            && text.utf8.allSatisfy { handleAlphabet.contains($0) }
    }

    private static let nonceLength = 8
    private static let handleAlphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// 40 bits of the nonce as eight base-32 digits.
    private static func nonceText(_ nonce: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(nonceLength)
        for digit in 0..<nonceLength {
            bytes.append(handleAlphabet[Int((nonce >> UInt64(5 * digit)) & 31)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
