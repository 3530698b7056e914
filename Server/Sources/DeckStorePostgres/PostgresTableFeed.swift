public import DeckService
public import Logging
import PostgresNIO
import Synchronization

/// The table change feed of servers sharing one PostgreSQL database: a change is announced
/// with `NOTIFY` once committed, and every server `LISTEN`s, so that each one's event streams
/// hear of changes made through any of them.
///
/// A change's payload is the table's id and version, and the table as stored when it fits
/// (``TableNoticePayload``), so that a server watching the table need not read it from the
/// database; otherwise each server reads it. A signal's payload carries all it says. Queued
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
    /// Payloads waiting to be sent, oldest first.
    private let waiting = Mutex<[String]>([])
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

    private func queue(_ payload: String) {
        waiting.withLock { waiting in
            if waiting.count >= Self.waitingAnnouncements { waiting.removeFirst(waiting.count - Self.waitingAnnouncements + 1) }
            waiting.append(payload)
        }
        wakeUp.yield()
    }

    public func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {
        await withDiscardingTaskGroup { group in
            group.addTask { [client] in await client.run() }
            group.addTask { [self] in await listenAgainAndAgain(receive) }
            group.addTask { [self] in await sendAnnouncements() }
        }
    }

    /// Sends the queued notices in order, those waiting together in one statement.
    private func sendAnnouncements() async {
        for await _ in wakeUps {
            while true {
                let batch = waiting.withLock { waiting -> [String] in
                    let batch = Array(waiting.prefix(Self.batchSize))
                    waiting.removeFirst(batch.count)
                    return batch
                }
                if batch.isEmpty { break }
                // PostgreSQL delivers one of identical payloads of a transaction, the first: keep
                // the last of each instead, so that hold, release, hold, release ends released.
                var seen = Set<String>()
                let payloads = Array(batch.reversed().filter { seen.insert($0).inserted }.reversed())
                do {
                    try await client.query(
                        "SELECT pg_notify(\(Self.channel), payload) FROM unnest(\(payloads)::text[]) WITH ORDINALITY AS t(payload, n) ORDER BY n",
                        logger: logger)
                } catch {
                    if Task.isCancelled { return }
                    // The table's id only: a payload may carry a table's record, hands and all.
                    let table = batch[0].prefix { $0 != ":" && $0 != "|" }
                    logger.warning(
                        "table notices could not be announced", metadata: ["count": "\(batch.count)", "first table": "\(table)", "error": "\(error)"])
                }
            }
        }
    }

    /// Listens on one connection while it lasts, and again on a new one after it is lost.
    private func listenAgainAndAgain(_ receive: @escaping @Sendable (TableNotice) -> Void) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { [logger] connection in
                    try await connection.listen(on: Self.channel) { notices in
                        // Changes committed before LISTEN took effect were not heard.
                        receive(.mayHaveMissed)
                        for try await notice in notices {
                            if let change = TableNoticePayload.notice(notice.payload) { receive(change) }
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
