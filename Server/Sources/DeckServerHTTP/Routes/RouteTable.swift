import Synchronization

/// The method and path of every route the server answers (`:name` marks a path parameter),
/// filled while routes are added: for 405 answers and for the tests that hold the OpenAPI
/// description against the real routes.
final class RouteTable: Sendable {
    private let entries = Mutex<[(method: String, path: String)]>([])

    /// Every route, in the order added.
    var routes: [(method: String, path: String)] { entries.withLock { $0 } }

    func add(method: String, path: String) {
        entries.withLock { $0.append((method, path)) }
    }

    /// The methods the route for `path` takes (HEAD with GET), sorted; empty when no route has
    /// this path. As in the router, a fixed segment wins over a parameter: `/api/memory/new`
    /// is that route, not `/api/memory/:game_id`.
    func methods(forPath path: String) -> [String] {
        let segments = Self.segments(path)
        let matching = routes.compactMap { route -> (method: String, fixed: Int)? in
            let pattern = Self.segments(route.path)
            guard Self.matches(pattern, segments) else { return nil }
            return (route.method, pattern.count { !$0.hasPrefix(":") })
        }
        guard let mostFixed = matching.map(\.fixed).max() else { return [] }
        var methods = Set<String>()
        for route in matching where route.fixed == mostFixed {
            methods.insert(route.method)
            if route.method == "GET" { methods.insert("HEAD") }
        }
        return methods.sorted()
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
    }
}
