import Foundation

/// A passing moment at a table that changes no card and is stored nowhere: a seat holding or
/// letting go of a stack, dragging it, or peeking at it. Signals reach every server's streams
/// of the table through the ``TableChangeFeed``, as changes do, but carry all they say.
public enum TableSignal: Sendable, Hashable {
    /// The seat `seat` holds the stack `stack` until `until`, or let it go when `until` is
    /// `nil`.
    case held(stack: String, seat: Int, until: Date?)
    /// The seat `seat` drags the stack `stack`, or with `card` the card of that handle taken
    /// off it: it is now at (`x`, `y`), in table units.
    case dragged(stack: String, seat: Int, x: Double, y: Double, card: String? = nil)
    /// The seat `seat` looked at the faces of face-down cards of the stack `stack`. Nothing
    /// else is said: not which cards, nor how many.
    case peeked(stack: String, seat: Int)

    /// The stack the signal is about.
    public var stack: String {
        switch self {
        case .held(let stack, _, _), .dragged(let stack, _, _, _, _), .peeked(let stack, _): stack
        }
    }

    /// The seat that gave it.
    public var seat: Int {
        switch self {
        case .held(_, let seat, _), .dragged(_, let seat, _, _, _), .peeked(_, let seat): seat
        }
    }

    /// Signals of the same key replace each other in a stream that has not sent the older yet:
    /// only the newest position of a drag, or state of a hold, matters.
    var key: String {
        switch self {
        case .held: "h " + stack
        case .dragged: "d " + stack
        case .peeked: "p \(seat) " + stack
        }
    }
}
