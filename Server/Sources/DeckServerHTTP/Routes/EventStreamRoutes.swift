import Synchronization

/// The paths of the event-stream routes (`:name` marks a path parameter), filled while the
/// routes are added: ``EventStreamHandler`` matches a connection's first request against them,
/// to tell a stream's connection from any other before the router answers it.
final class EventStreamRoutes: Sendable {
    private let patterns = Mutex<[[Substring]]>([])

    func add(_ path: String) {
        let segments = path.split(separator: "/")
        patterns.withLock { $0.append(segments) }
    }

    /// Whether the request target `target` (a path and query, as a request's head holds it)
    /// names an event-stream route as the router reads it: empty segments (`//`, a trailing
    /// `/`) count for nothing.
    func matches(_ target: String) -> Bool {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        guard path.first == "/" else { return false }
        let segments = path.split(separator: "/")
        return patterns.withLock { patterns in
            patterns.contains { pattern in
                pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0.first == ":" || $0 == $1 }
            }
        }
    }
}
