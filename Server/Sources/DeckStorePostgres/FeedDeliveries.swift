/// The servers sharing a feed, and the notices this one waits to hear confirmed by all of them
/// (``TableChangeFeed/deliver(_:table:)``).
///
/// Such a notice goes out asking for confirmation; every server that hears it says so on the
/// channel, and the sender is done once each server it waits for has, or once it waited
/// ``patience``. Which servers to wait for is fixed when the sender hears its own notice: those
/// heard from before it. The channel has one order for every listener, that of the commits, so a
/// server that said it listens after the notice went out started listening after it too, and
/// learns the tables afresh from the store.
///
/// A server is known from whatever it says; each says it is here when it starts listening and
/// every few seconds, and one not heard for ``forgetAfter`` is thought gone.
struct FeedDeliveries<Instant: InstantProtocol> where Instant.Duration == Duration {
    private struct Waiting {
        /// The servers still to confirm; `nil` until the sender hears its own notice.
        var servers: Set<String>?
        let since: Instant
    }

    /// This server's name.
    let me: String
    /// The longest a notice waits for confirmations.
    let patience: Duration
    /// How long a server that says nothing is still waited for.
    let forgetAfter: Duration
    /// When each other server was last heard from.
    private(set) var servers: [String: Instant] = [:]
    private var waiting: [Int: Waiting] = [:]
    private var asked = 0

    init(me: String, patience: Duration = .seconds(2), forgetAfter: Duration = .seconds(7)) {
        self.me = me
        self.patience = patience
        self.forgetAfter = forgetAfter
    }

    /// The notices waited for now.
    var waitingCount: Int { waiting.count }

    /// A notice is sent to be confirmed: its number.
    mutating func ask(at now: Instant) -> Int {
        asked += 1
        waiting[asked] = Waiting(servers: nil, since: now)
        return asked
    }

    /// `server` said something at `now`.
    mutating func heard(from server: String, at now: Instant) {
        if server != me { servers[server] = now }
    }

    /// This server heard its own notice `number`: `true` when no other server is to confirm it.
    mutating func heardOwn(_ number: Int) -> Bool {
        guard waiting[number]?.servers == nil, waiting[number] != nil else { return false }
        guard !servers.isEmpty else {
            waiting[number] = nil
            return true
        }
        waiting[number]?.servers = Set(servers.keys)
        return false
    }

    /// `server` heard the notice `number`: `true` when it was the last one waited for.
    mutating func confirmed(_ number: Int, by server: String) -> Bool {
        guard var servers = waiting[number]?.servers, servers.remove(server) != nil else { return false }
        if servers.isEmpty {
            waiting[number] = nil
            return true
        }
        waiting[number]?.servers = servers
        return false
    }

    /// Forgets the servers not heard from for ``forgetAfter`` and stops waiting for them;
    /// gives up on notices waited for ``patience``. Answers the notices no longer waited for.
    mutating func sweep(at now: Instant) -> [Int] {
        let gone = Set(servers.filter { $0.value.duration(to: now) >= forgetAfter }.keys)
        for server in gone { servers[server] = nil }
        var done: [Int] = []
        for (number, var entry) in waiting {
            entry.servers?.subtract(gone)
            if entry.since.duration(to: now) >= patience || entry.servers?.isEmpty == true {
                waiting[number] = nil
                done.append(number)
            } else {
                waiting[number] = entry
            }
        }
        return done.sorted()
    }

    /// Stops waiting for every notice (the feed stopped hearing): answers them.
    mutating func giveUp() -> [Int] {
        defer { waiting = [:] }
        return waiting.keys.sorted()
    }
}
