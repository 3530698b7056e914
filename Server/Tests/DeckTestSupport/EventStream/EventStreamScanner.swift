#if canImport(Glibc)
import Glibc
#endif

/// Reads the lines of a `text/event-stream` body as its bytes arrive, in any split: the one
/// reader of event streams that the tests (through ``ServerSentEventParser``) and stream-load's
/// 16,000 streams share.
///
/// Lines end in LF, CRLF or CR, as the HTML standard allows (the CR and LF of one line end may
/// come in different reads). A line is `field: value` (one space after the colon dropped; a
/// line without a colon is a field with an empty value), a comment starting with a colon, or
/// empty, which dispatches an event.
///
/// It hands on only the lines of the ``Kinds`` it is made for and skips the others to their end
/// with `memchr`, copying no more than their first six bytes: stream-load keeps only `id` lines,
/// so a long `data:` line costs it a scan and nothing else (two `memchr` passes, for LF and for
/// CR: about 2.5 times the time of the LF-only scan stream-load had before, some 4 GB/s here). A
/// line handed on is passed as a view of the bytes fed when it lies within one read, and copied
/// only when a read ends inside it.
package struct EventStreamScanner {
    /// A field the server sends; fields of other names are skipped, as the standard says.
    package enum Field: Sendable {
        /// `id`: the event's id, which a reconnecting client sends back as `Last-Event-ID`.
        case id
        /// `data`: a line of the event's data.
        case data
        /// `event`: the event's name.
        case event
        /// `retry`: the reconnection time a client should wait, in milliseconds.
        case retry
    }

    /// One line, valid only during the call it is passed to.
    package enum Line {
        /// A field and its value.
        case field(Field, UnsafeRawBufferPointer)
        /// A comment line's text after its colon.
        case comment(UnsafeRawBufferPointer)
        /// An empty line: the end of an event.
        case blank
    }

    /// Which lines to hand on (empty lines always are).
    package struct Kinds: OptionSet, Sendable {
        /// One bit a kind.
        package let rawValue: UInt8
        /// The kinds of the bits of `rawValue`.
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `id` lines.
        package static let id = Kinds(rawValue: 1)
        /// `data` lines.
        package static let data = Kinds(rawValue: 2)
        /// `event` lines.
        package static let event = Kinds(rawValue: 4)
        /// `retry` lines.
        package static let retry = Kinds(rawValue: 8)
        /// Comment lines (`: still here`).
        package static let comment = Kinds(rawValue: 16)
        /// Every kind.
        package static let all: Kinds = [.id, .data, .event, .retry, .comment]
    }

    private let kinds: Kinds
    /// The start of a line that a read ended inside of.
    private var pending: [UInt8] = []
    /// The line under way is one not handed on: skip to its end.
    private var skipping = false
    /// The last line ended with a CR: an LF first in the next read belongs to that line end.
    private var afterCR = false

    /// A scanner that hands on the lines of `kinds`.
    package init(_ kinds: Kinds = .all) {
        self.kinds = kinds
    }

    /// Consumes `bytes`, passing each line they end, of the kinds asked for, to `line`.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, line: (Line) -> Void) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        var index = 0
        if afterCR {
            afterCR = false
            if count > 0, bytes[0] == Self.lf { index = 1 }
        }
        while index < count {
            if skipping {
                guard let end = Self.lineEnd(base, from: index, to: count) else { return }
                skipping = false
                index = passLineEnd(bytes, at: end)
                continue
            }
            // The line's first bytes (some perhaps kept from the last read) decide its kind.
            let next = UnsafeRawBufferPointer(rebasing: bytes[index..<min(count, index + Self.longestName)])
            if Self.decision(after: pending, next, kinds) == .skip {
                pending.removeAll(keepingCapacity: true)
                skipping = true
                continue
            }
            guard let end = Self.lineEnd(base, from: index, to: count) else {
                // The read ends inside a line to hand on, or one whose kind its next bytes tell.
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index...]))
                return
            }
            if pending.isEmpty {
                hand(UnsafeRawBufferPointer(rebasing: bytes[index..<end]), to: line)
            } else {
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                pending.withUnsafeBytes { hand($0, to: line) }
                pending.removeAll(keepingCapacity: true)
            }
            index = passLineEnd(bytes, at: end)
        }
    }

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    /// "event:" and "retry:", the longest names with their colon: six bytes decide any line.
    private static let longestName = 6

    /// The index just past the line end at `end` (a CR's LF included when it is in `bytes`).
    private mutating func passLineEnd(_ bytes: UnsafeRawBufferPointer, at end: Int) -> Int {
        guard bytes[end] == Self.cr else { return end + 1 }
        if end + 1 < bytes.count { return bytes[end + 1] == Self.lf ? end + 2 : end + 1 }
        afterCR = true
        return end + 1
    }

    /// The first CR or LF in `base[from..<to]`.
    @inline(__always)
    private static func lineEnd(_ base: UnsafeRawPointer, from: Int, to: Int) -> Int? {
        let lf = memchr(base + from, Int32(Self.lf), to - from).map { base.distance(to: UnsafeRawPointer($0)) }
        let cr = memchr(base + from, Int32(Self.cr), (lf ?? to) - from).map { base.distance(to: UnsafeRawPointer($0)) }
        return cr ?? lf
    }

    private enum Decision { case keep, skip, undecided }

    /// Whether a line starting with `prefix` is one to hand on; `prefix` may run past the
    /// line's end, and only what lies before it counts.
    private static func decision(_ prefix: UnsafeRawBufferPointer, _ kinds: Kinds) -> Decision {
        let end = prefix.firstIndex { $0 == lf || $0 == cr }
        let line = UnsafeRawBufferPointer(rebasing: prefix[..<(end ?? prefix.count)])
        guard let first = line.first else { return end == nil ? .undecided : .keep }
        if first == colon { return kinds.contains(.comment) ? .keep : .skip }
        let name: UnsafeRawBufferPointer
        if let colonAt = line.firstIndex(of: colon) {
            name = UnsafeRawBufferPointer(rebasing: line[..<colonAt])
        } else if end != nil {
            name = line
        } else {
            return line.count >= longestName ? .skip : .undecided
        }
        guard let field = field(named: name) else { return .skip }
        return kinds.contains(kind(of: field)) ? .keep : .skip
    }

    /// ``decision(_:_:)`` for a line whose first bytes are `pending`'s, then `next`'s.
    private static func decision(after pending: [UInt8], _ next: UnsafeRawBufferPointer, _ kinds: Kinds) -> Decision {
        if pending.isEmpty { return decision(next, kinds) }
        let start = Array(pending.prefix(longestName)) + next.prefix(max(0, longestName - pending.count))
        return start.withUnsafeBytes { decision($0, kinds) }
    }

    /// Passes a whole line (without its line end) on, if it is of a kind asked for.
    private func hand(_ text: UnsafeRawBufferPointer, to line: (Line) -> Void) {
        guard let first = text.first else { return line(.blank) }
        if first == Self.colon {
            if kinds.contains(.comment) { line(.comment(UnsafeRawBufferPointer(rebasing: text[1...]))) }
            return
        }
        let colonAt = text.firstIndex(of: Self.colon) ?? text.count
        guard let field = Self.field(named: UnsafeRawBufferPointer(rebasing: text[..<colonAt])), kinds.contains(Self.kind(of: field)) else { return }
        var valueStart = min(colonAt + 1, text.count)
        if valueStart < text.count, text[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        line(.field(field, UnsafeRawBufferPointer(rebasing: text[valueStart...])))
    }

    private static func field(named name: UnsafeRawBufferPointer) -> Field? {
        switch name.count {
        case 2 where name[0] == UInt8(ascii: "i") && name[1] == UInt8(ascii: "d"): .id
        case 4 where name.elementsEqual("data".utf8): .data
        case 5 where name.elementsEqual("event".utf8): .event
        case 5 where name.elementsEqual("retry".utf8): .retry
        default: nil
        }
    }

    private static func kind(of field: Field) -> Kinds {
        switch field {
        case .id: .id
        case .data: .data
        case .event: .event
        case .retry: .retry
        }
    }
}

extension EventStreamScanner.Line {
    /// The line's value as a whole decimal number, when it is one (an `id` as the server writes
    /// them); `nil` for anything else.
    package var number: Int? {
        guard case .field(_, let value) = self, !value.isEmpty, value.count < 19 else { return nil }
        var number = 0
        for byte in value {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
    }
}
