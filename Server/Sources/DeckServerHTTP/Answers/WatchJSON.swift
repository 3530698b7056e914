/// A watch link: its key and the path of the table as watchers see it.
struct WatchJSON: Codable, Sendable {
    var key: String
    var path: String

    init(key: String) {
        self.key = key
        path = "/api/watch/\(key)/"
    }
}
