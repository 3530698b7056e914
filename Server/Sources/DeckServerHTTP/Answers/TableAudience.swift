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
