import HTTPTypes
import Hummingbird
import Synchronization

/// The event-stream routes (`:name` marks a path parameter) and how each opens its stream,
/// filled while routes are added: the router serves them, and ``EventStreamHandler`` matches a
/// connection's first request against them to serve its stream without a task.
final class EventStreamRoutes: Sendable {
    /// Opens the stream a request asks for; `nil` for HEAD.
    typealias Open = @Sendable (Request, DeckRequestContext) async throws -> OpenedEventStream?

    private let entries = Mutex<[(path: String, segments: [Substring], open: Open)]>([])

    func add(_ path: String, open: @escaping Open) {
        let segments = path.split(separator: "/")
        entries.withLock { $0.append((path, segments, open)) }
    }

    /// The route `path` (without its query, as the router sees it) names, with its path
    /// parameters; `nil` when it names none, or has an empty segment (left to the router).
    func route(for path: Substring) -> (path: String, open: Open, parameters: [(name: Substring, value: Substring)])? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.first == "/", !segments.contains(where: \.isEmpty) else { return nil }
        return entries.withLock { entries in
            for entry in entries where entry.segments.count == segments.count {
                var parameters: [(name: Substring, value: Substring)] = []
                let matches = zip(entry.segments, segments).allSatisfy { pattern, segment in
                    guard pattern.first == ":" else { return pattern == segment }
                    parameters.append((pattern.dropFirst(), segment))
                    return true
                }
                if matches { return (entry.path, entry.open, parameters) }
            }
            return nil
        }
    }
}
