import Synchronization

/// Where a stream route leaves the stream it opened when the connection, not the request's
/// task, is to serve it: set (as ``current``) only while ``DeckHTTPChannel`` answers a
/// connection's first request, which it found to be a stream's.
///
/// The request goes through the router and its middlewares like any other (admission, CORS,
/// metrics, the access log and the mapping of errors are theirs); the route, finding a
/// takeover, leaves its stream here and answers a head without a body, which the channel then
/// writes before the stream's events.
final class EventStreamTakeover: Sendable {
    /// The takeover of the request being answered in this task, if its connection serves
    /// streams itself.
    @TaskLocal static var current: EventStreamTakeover?

    private let opened = Mutex<OpenedEventStream?>(nil)

    /// Leaves `stream` for the connection to serve.
    func take(_ stream: OpenedEventStream) {
        opened.withLock { $0 = stream }
    }

    /// The stream a route left, once; `nil` when the route left none.
    func claim() -> OpenedEventStream? {
        opened.withLock { opened in
            defer { opened = nil }
            return opened
        }
    }
}
