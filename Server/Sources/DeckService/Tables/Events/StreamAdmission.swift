/// How many event streams a server holds, in all and by client address, and whether it takes
/// more: the places of ``TableEvents/Settings/maxStreams`` and
/// ``TableEvents/Settings/maxStreamsPerClient``.
struct StreamAdmission: Sendable {
    /// The most streams open at once.
    let maxStreams: Int
    /// The most streams open at once for one client address; `nil` for no limit.
    let maxStreamsPerClient: Int?
    /// The streams open, or being opened.
    private(set) var open = 0
    /// The streams open (or being opened) by each client address counted.
    private var openByClient: [String: Int] = [:]
    /// Whether the server is stopping: it takes no more.
    var stopped = false

    init(maxStreams: Int, maxStreamsPerClient: Int?) {
        self.maxStreams = maxStreams
        self.maxStreamsPerClient = maxStreamsPerClient
    }

    /// The streams open for `client`.
    func open(of client: String) -> Int { openByClient[client] ?? 0 }

    /// Takes a place for a stream of `client` (counted against its own limit when given).
    ///
    /// - Throws: ``ServiceError``: (`tooMany`) when `client` holds its limit, (`unavailable`)
    ///   when every place is taken or the server is stopping.
    mutating func admit(client: String?) throws(ServiceError) {
        guard !stopped else {
            throw ServiceError(.unavailable, .eventStreams, "are closing: the server is stopping", allowed: "reconnect to another server or in a moment")
        }
        if let client, let limit = maxStreamsPerClient, openByClient[client, default: 0] >= limit {
            throw ServiceError(
                .tooMany, .eventStreams, "from this address are at the limit of \(limit) open at once",
                allowed: "close one of them, or try again once one has ended")
        }
        guard open < maxStreams else {
            throw ServiceError(
                .unavailable, .eventStreams, "are all in use: this server holds \(maxStreams) at once",
                allowed: "try again in a few seconds")
        }
        open += 1
        if let client { openByClient[client, default: 0] += 1 }
    }

    /// Gives back the place of a stream of `client`.
    mutating func release(client: String?) {
        open -= 1
        guard let client, let count = openByClient[client] else { return }
        openByClient[client] = count > 1 ? count - 1 : nil
    }
}
