#if canImport(Glibc)
import Glibc
#endif

/// Finds the events of a Server-Sent Events stream as its bytes arrive, in any split, and
/// reports each event's `id` as soon as its `id:` line has ended (as the Python client did: the
/// server writes each event in one piece, its `id:` line first).
///
/// It reads only what it needs: a line's first bytes, to see whether it is an `id:` line, the
/// digits of the id, and the line ends (found with `memchr`, so a long `data:` line costs a
/// scan and nothing else). No line is copied and no `String` made. Lines end with LF, as the
/// server writes them; a CR before it is ignored. Other lines (`data:`, the `retry:` hint, a
/// `: still here` comment) are skipped.
struct EventIDScanner {
    private enum State {
        /// At a line's first byte.
        case lineStart
        /// Inside the field name `id:`, `matched` of its bytes seen.
        case field
        /// Reading the id's digits (after an optional space).
        case digits
        /// Skipping to the line's end.
        case skip
    }

    private static let field: [UInt8] = Array("id:".utf8)

    private var state = State.lineStart
    private var matched = 0
    private var value = 0
    private var sawDigit = false

    /// Consumes `bytes`, calling `event` with the id of each `id:` line ended in them.
    @inline(__always)
    mutating func feed(_ bytes: UnsafeRawBufferPointer, event: (Int) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        let count = bytes.count
        while index < count {
            switch state {
            case .skip:
                guard let found = memchr(base + index, Int32(UInt8(ascii: "\n")), count - index) else { return }
                index = base.distance(to: UnsafeRawPointer(found)) + 1
                state = .lineStart
            case .lineStart:
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    index += 1
                } else if byte == Self.field[0] {
                    matched = 1
                    state = .field
                    index += 1
                } else {
                    state = .skip
                }
            case .field:
                if bytes[index] == Self.field[matched] {
                    matched += 1
                    index += 1
                    if matched == Self.field.count {
                        value = 0
                        sawDigit = false
                        state = .digits
                        if index < count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                    }
                } else {
                    state = .skip
                }
            case .digits:
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
                    sawDigit = true
                    index += 1
                } else if byte == UInt8(ascii: " ") && !sawDigit {
                    index += 1
                } else {
                    if sawDigit { event(value) }
                    state = .skip
                }
            }
        }
    }
}
