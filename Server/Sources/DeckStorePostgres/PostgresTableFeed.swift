public import DeckService
public import Logging
import PostgresNIO
import Synchronization

/// The table change feed of servers sharing one PostgreSQL database: a change is announced
/// with `NOTIFY` once committed, and every server `LISTEN`s, so that each one's event streams
/// hear of changes made through any of them.
///
/// A change's notice is the table's id and version, and the table as stored when it fits
/// (`TableNoticePayload`), so that a server watching the table need not read it from the
/// database; otherwise each server reads it. A signal's notice carries all it says. Every
/// payload is sealed (`NoticeSeal`) under the database's notice key, which the feed reads
/// before it listens or sends: any role that may connect can `LISTEN`, but only the servers
/// can read what they hear. Queued
/// notices go out together, many `NOTIFY`s in one statement, so a burst of drags costs one
/// round trip. The feed keeps a small pool of its own (one connection listens, another
/// notifies) so that event traffic never waits behind the store's queries. When the listening
/// connection is lost, the feed tells its listener, reconnects, and tells it again once it
/// hears its own first notice on the new connection, so that it knows it may have missed some.
///
/// Servers say on the channel that they are here, and confirm the notices sent with
/// ``deliver(_:table:)`` (see `FeedDeliveries` and `FeedMessage`).
public final class PostgresTableFeed: TableChangeFeed {
    /// Where the feed's hearing stands, and the deliveries it waits on.
    private struct Hearing {
        var deliveries: FeedDeliveries<ContinuousClock.Instant>
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// The LISTENs begun, the one in use last.
        var listening = 0
        /// Whether this server heard itself say it is here on the LISTEN in use.
        var hears = false

        /// Takes the waiters of the deliveries `numbers`, to be resumed outside the lock.
        mutating func waiters(of numbers: [Int]) -> [CheckedContinuation<Void, Never>] {
            numbers.compactMap { waiters.removeValue(forKey: $0) }
        }
    }
    /// The channel every server listens on.
    static let channel = "deck_tables"
    /// Announcements waiting to be sent, at most; past it the oldest are dropped (the hubs'
    /// periodic reads make up for them within their keep-alive interval).
    static let waitingAnnouncements = 10_000
    /// The most notices sent in one statement.
    static let batchSize = 500

    private let client: PostgresClient
    private let logger: Logger
    /// Notices waiting to be sealed and sent, oldest first.
    private let waiting = Mutex<[[UInt8]]>([])
    private let wakeUps: AsyncStream<Void>
    private let wakeUp: AsyncStream<Void>.Continuation
    /// This server's name on the channel.
    private let name = FeedMessage.newServerName()
    private let hearing: Mutex<Hearing>

    /// A feed through the database at `url`; it connects once ``listen(_:)`` runs.
    public init(url: PostgresDatabaseURL, logger: Logger) {
        client = url.client(connections: 2, logger: logger)
        self.logger = logger
        (wakeUps, wakeUp) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        hearing = Mutex(Hearing(deliveries: FeedDeliveries(me: name)))
    }

    /// Queues the `NOTIFY`, with the record when it fits: the answer to the change does not
    /// wait for it.
    public func announce(table id: String, version: Int, record: [UInt8]?) async {
        queue(TableNoticePayload.change(table: id, version: version, record: record))
    }

    /// Queues the signal's `NOTIFY`.
    public func send(_ signal: TableSignal, table id: String) async {
        queue(TableNoticePayload.signal(signal, table: id))
    }

    /// Queues the signal's `NOTIFY`, asking every server to confirm it, and returns once all
    /// did (or after `FeedDeliveries.patience`); at once while this server does not hear.
    public func deliver(_ signal: TableSignal, table id: String) async {
        let bytes = TableNoticePayload.signal(signal, table: id)
        await withCheckedContinuation { continuation in
            let number = hearing.withLock { hearing -> Int? in
                guard hearing.hears else { return nil }
                let number = hearing.deliveries.ask(at: .now)
                hearing.waiters[number] = continuation
                return number
            }
            if let number {
                queue(FeedMessage.asking(server: name, number: number, notice: bytes))
            } else {
                queue(bytes)
                continuation.resume()
            }
        }
    }

    private func queue(_ payload: [UInt8]) {
        waiting.withLock { waiting in
            if waiting.count >= Self.waitingAnnouncements { waiting.removeFirst(waiting.count - Self.waitingAnnouncements + 1) }
            waiting.append(payload)
        }
        wakeUp.yield()
    }

    public func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {
        await withDiscardingTaskGroup { group in
            group.addTask { [client] in await client.run() }
            group.addTask { [self] in
                guard let seal = await noticeSeal() else { return }
                await withDiscardingTaskGroup { group in
                    group.addTask { await self.listenAgainAndAgain(receive, seal: seal) }
                    group.addTask { await self.sendAnnouncements(seal: seal) }
                    group.addTask { await self.sayHereAndSweep() }
                }
            }
        }
        for waiter in hearing.withLock({ $0.waiters(of: $0.deliveries.giveUp()) }) { waiter.resume() }
    }

    /// Says every 2 s that this server is here, while it listens, and every second stops
    /// waiting for the servers and deliveries that took too long.
    private func sayHereAndSweep() async {
        var tick = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            tick += 1
            let (done, listening) = hearing.withLock { hearing in
                (hearing.waiters(of: hearing.deliveries.sweep(at: .now)), hearing.listening)
            }
            for waiter in done { waiter.resume() }
            if tick.isMultiple(of: 2), listening > 0 { queue(FeedMessage.here(server: name, listening: listening).bytes) }
        }
    }

    /// Passes on what was heard on the `listening`th LISTEN, and answers it as the servers'
    /// messages ask.
    private func heard(_ message: FeedMessage, listening: Int, _ receive: @Sendable (TableNotice) -> Void) {
        let now = ContinuousClock.now
        switch message {
        case .notice(let notice):
            receive(notice)
        case .here(let server, let number) where server == name:
            // This server's first own word on the new connection: all heard from now on is in
            // order, and what was sent before it went unheard.
            let first = hearing.withLock { hearing in
                defer { if number == listening { hearing.hears = true } }
                return number == listening && !hearing.hears
            }
            if first { receive(.mayHaveMissed) }
        case .here(let server, _):
            hearing.withLock { $0.deliveries.heard(from: server, at: now) }
        case .asking(let server, let number, let notice) where server == name:
            receive(notice)
            let done = hearing.withLock { $0.deliveries.heardOwn(number) ? $0.waiters(of: [number]) : [] }
            for waiter in done { waiter.resume() }
        case .asking(let server, let number, let notice):
            receive(notice)
            hearing.withLock { $0.deliveries.heard(from: server, at: now) }
            queue(FeedMessage.heard(server: server, number: number, by: name).bytes)
        case .heard(let server, let number, let by):
            let done = hearing.withLock { hearing in
                hearing.deliveries.heard(from: by, at: now)
                return server == name && hearing.deliveries.confirmed(number, by: by) ? hearing.waiters(of: [number]) : []
            }
            for waiter in done { waiter.resume() }
        }
    }

    /// The LISTEN in use ended: nothing is heard until the next one hears this server.
    private func stoppedHearing(_ receive: @Sendable (TableNotice) -> Void) {
        let waiters = hearing.withLock { hearing in
            hearing.hears = false
            return hearing.waiters(of: hearing.deliveries.giveUp())
        }
        for waiter in waiters { waiter.resume() }
        receive(.listenerLost)
    }

    /// The seal under the database's notice key, read again after a second until it is read;
    /// `nil` once cancelled.
    private func noticeSeal() async -> NoticeSeal? {
        while !Task.isCancelled {
            do {
                for try await key in try await client.query("SELECT key FROM notice_key WHERE id = 1", logger: logger).decode(ByteBuffer.self) {
                    return NoticeSeal(key: Array(buffer: key))
                }
                logger.warning("the database has no notice key: is its schema migrated?")
            } catch {
                if Task.isCancelled { return nil }
                logger.warning("the table feed cannot read the notice key; trying again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
        return nil
    }

    /// Sends the queued notices in order, sealed, those waiting together in one statement.
    private func sendAnnouncements(seal: NoticeSeal) async {
        for await _ in wakeUps {
            while true {
                let batch = waiting.withLock { waiting -> [[UInt8]] in
                    let batch = Array(waiting.prefix(Self.batchSize))
                    waiting.removeFirst(batch.count)
                    return batch
                }
                if batch.isEmpty { break }
                // One of identical notices is enough, the last, so that hold, release, hold,
                // release ends released (sealed, no two payloads are alike, so PostgreSQL's own
                // folding of identical payloads in a transaction never applies).
                var seen = Set<[UInt8]>()
                let payloads = batch.reversed().filter { seen.insert($0).inserted }.reversed().map(seal.seal)
                do {
                    try await client.query(
                        "SELECT pg_notify(\(Self.channel), payload) FROM unnest(\(payloads)::text[]) WITH ORDINALITY AS t(payload, n) ORDER BY n",
                        logger: logger)
                } catch {
                    if Task.isCancelled { return }
                    // The table's id only: a notice may carry a table's record, hands and all.
                    let table = TableNoticePayload.table(of: batch[0])
                    logger.warning(
                        "table notices could not be announced", metadata: ["count": "\(batch.count)", "first table": "\(table)", "error": "\(error)"])
                }
            }
        }
    }

    /// Listens on one connection while it lasts, and again on a new one after it is lost.
    private func listenAgainAndAgain(_ receive: @escaping @Sendable (TableNotice) -> Void, seal: NoticeSeal) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { [self] connection in
                    try await connection.listen(on: Self.channel) { notices in
                        let listening = hearing.withLock { hearing in
                            hearing.listening += 1
                            return hearing.listening
                        }
                        // Heard back, it says that this server hears in order from then on.
                        queue(FeedMessage.here(server: name, listening: listening).bytes)
                        for try await notice in notices {
                            // A payload not sealed under the key (sent by anyone else who may
                            // connect) is not a notice.
                            if let bytes = seal.open(notice.payload), let message = FeedMessage(bytes) {
                                heard(message, listening: listening, receive)
                            }
                        }
                    }
                    logger.debug("the table feed's listening connection ended")
                }
                stoppedHearing(receive)
            } catch {
                stoppedHearing(receive)
                if Task.isCancelled { return }
                logger.warning("the table feed lost its database connection; listening again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
