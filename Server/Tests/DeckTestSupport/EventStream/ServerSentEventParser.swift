/// Reads a `text/event-stream` body into its events, as the HTML standard defines them: the
/// lines of ``EventStreamScanner``, an empty line dispatching the event gathered so far, and
/// comments handed on as they come. `event`, `id` and `data` are kept: the server sends no
/// others that a reader needs.
package struct ServerSentEventParser {
    /// One dispatched event: its `id` (the last one the stream set, as `lastEventID` in a
    /// browser) and its `data` lines joined by newlines.
    package struct Event: Equatable, Sendable {
        /// The last `id` the stream set, if any.
        package var id: String?
        /// The `data` lines, joined by newlines.
        package var data: String
        /// The `event` field's value; `nil` for a plain message.
        package var name: String?

        /// An event with `id`, `data` and, for a named one, `name`.
        package init(id: String?, data: String, name: String? = nil) {
            (self.id, self.data, self.name) = (id, data, name)
        }
    }

    /// What one line of the stream was, when it matters to a reader.
    package enum Output: Equatable, Sendable {
        /// An event, dispatched by the empty line after it.
        case event(Event)
        /// A comment line, without its leading colon.
        case comment(String)
    }

    private var scanner = EventStreamScanner([.id, .data, .event, .comment])
    private var lastID: String?
    private var data: [String] = []
    private var name: String?

    /// A parser at the start of a stream.
    package init() {}

    /// Reads `bytes`, the next chunk of the stream; returns the events and comments it ended.
    package mutating func read(_ bytes: some Sequence<UInt8>) -> [Output] {
        // The scanner is taken out while it reads, so that each line can change the rest.
        var scanner = self.scanner
        var outputs: [Output] = []
        Array(bytes).withUnsafeBytes { raw in
            scanner.feed(raw) { line in
                if let output = take(line) { outputs.append(output) }
            }
        }
        self.scanner = scanner
        return outputs
    }

    private mutating func take(_ line: EventStreamScanner.Line) -> Output? {
        switch line {
        case .blank:
            defer { (data, name) = ([], nil) }
            return data.isEmpty ? nil : .event(Event(id: lastID, data: data.joined(separator: "\n"), name: name))
        case .comment(let text):
            return .comment(String(decoding: text, as: UTF8.self))
        case .field(let field, let value):
            let text = String(decoding: value, as: UTF8.self)
            switch field {
            case .data: data.append(text)
            case .id where !value.contains(0): lastID = text
            case .event: name = text
            case .id, .retry: break
            }
            return nil
        }
    }
}
