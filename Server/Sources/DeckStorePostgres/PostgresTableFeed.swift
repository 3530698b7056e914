public import DeckService
public import Logging
import PostgresNIO
import Synchronization

/// The table change feed of servers sharing one PostgreSQL database: a change is announced
/// with `NOTIFY` once committed, and every server `LISTEN`s, so that each one's event streams
/// hear of changes made through any of them.
///
/// A change's notice is the table's id and version, and the table as stored when it fits
/// (``TableNoticePayload``), so that a server watching the table need not read it from the
/// database; otherwise each server reads it. A signal's notice carries all it says. Every
/// payload is sealed (``NoticeSeal``) under the database's notice key, which the feed reads
/// before it listens or sends: any role that may connect can `LISTEN`, but only the servers
/// can read what they hear. Queued
/// notices go out together, many `NOTIFY`s in one statement, so a burst of drags costs one
/// round trip. The feed keeps a small pool of its own (one connection listens, another
/// notifies) so that event traffic never waits behind the store's queries. When the listening
/// connection is lost, the feed reconnects and tells its listener that notices may have been
/// missed.
public final class PostgresTableFeed: TableChangeFeed {
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

    /// A feed through the database at `url`; it connects once ``listen(_:)`` runs.
    public init(url: PostgresDatabaseURL, logger: Logger) {
        client = url.client(connections: 2, logger: logger)
        self.logger = logger
        (wakeUps, wakeUp) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
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
                }
            }
        }
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
                try await client.withConnection { [logger] connection in
                    try await connection.listen(on: Self.channel) { notices in
                        // Changes committed before LISTEN took effect were not heard.
                        receive(.mayHaveMissed)
                        for try await notice in notices {
                            // A payload not sealed under the key (sent by anyone else who may
                            // connect) is not a notice.
                            if let bytes = seal.open(notice.payload), let change = TableNoticePayload.notice(bytes) { receive(change) }
                        }
                    }
                    logger.debug("the table feed's listening connection ended")
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("the table feed lost its database connection; listening again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
