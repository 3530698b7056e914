import DeckService

/// Who a free-form table's answer or event is for: the players (a seat's token holder, or
/// anyone with the table's id) or a watcher of its watch link, who must not learn the table's
/// id (it lets one take a seat), so their paths go through the link.
enum TableAudience: Sendable, Hashable {
    case players
    case watcher(key: String)

    /// The path of the background image numbered `number` of the table `id`.
    func backgroundPath(table id: String, number: Int) -> String {
        switch self {
        case .players: "/api/table/\(id)/background/\(number)"
        case .watcher(let key): "/api/watch/\(key)/background/\(number)"
        }
    }

    /// The table's id as the audience may see it.
    func tableID(_ id: String) -> String? {
        if case .watcher = self { return nil }
        return id
    }

    /// A key for encodings kept per audience.
    var cacheKey: String {
        switch self {
        case .players: "players"
        case .watcher(let key): "watcher " + key
        }
    }
}

/// The felt's colour and background, and the watch link for the creator, as answers and
/// events write them: `"felt": {"colour", "background"}` (a path), `"creator_seat"`, and for the
/// creator `"watch": {"key", "path"}`.
struct FeltJSON: Codable, Sendable {
    var colour: String?
    var background: String?

    init(_ felt: TabletopView.Felt, table id: String, audience: TableAudience) {
        colour = felt.colour
        background = felt.background.map { audience.backgroundPath(table: id, number: $0) }
    }
}

/// A watch link: its key and the path of the table as watchers see it.
struct WatchJSON: Codable, Sendable {
    var key: String
    var path: String

    init(key: String) {
        self.key = key
        path = "/api/watch/\(key)/"
    }
}

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
