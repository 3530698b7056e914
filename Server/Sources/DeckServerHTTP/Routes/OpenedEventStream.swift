import DeckService
import NIOCore

/// A stream opened for a request, and how its events become bytes.
struct OpenedEventStream: Sendable {
    let stream: TableEventStream
    /// The bytes of a table or signals event; `nil` for one this stream does not send.
    let encode: @Sendable (TableEventStream.Event) throws -> ByteBuffer?

    /// What to write for `event`: its bytes, a comment line for ``TableEventStream/Event/quiet``,
    /// `nil` for ``TableEventStream/Event/closed`` and for events this stream does not send.
    func bytes(of event: TableEventStream.Event) throws -> ByteBuffer? {
        switch event {
        case .quiet: ByteBuffer(string: ": still here\n\n")
        case .closed: nil
        case .view, .change, .signals: try encode(event)
        }
    }

    /// Counts `event`, once written, in the server's metrics (a batch of signals is one each).
    func written(_ event: TableEventStream.Event) {
        switch event {
        case .view, .change: stream.sent(1)
        case .signals(let signals): stream.sent(signals.count)
        case .quiet, .closed: break
        }
    }
}
