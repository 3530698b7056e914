/// The answer to making a watch link, or turning watching off: `{"success", "watch"}`, with no
/// `watch` when off.
struct WatchLinkJSON: JSONAnswer, Decodable, Sendable {
    var success = true
    var watch: WatchJSON?
    var url: String?

    init(key: String?, base: String) {
        watch = key.map(WatchJSON.init)
        url = key.map { base + "/api/watch/\($0)/" }
    }

    var isPrivate: Bool { true }
}
