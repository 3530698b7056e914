public import DeckService
public import Logging
import PostgresNIO

/// The table change feed of servers sharing one PostgreSQL database: a change is announced
/// with `NOTIFY` once committed, and every server `LISTEN`s, so that each one's event streams
/// hear of changes made through any of them.
///
/// A notice's payload is the table's id and version, `id:version`; each server then reads the
/// table itself. The feed keeps a small pool of its own (one connection listens, another
/// notifies) so that event traffic never waits behind the store's queries. When the listening
/// connection is lost, the feed reconnects and tells its listener that notices may have been
/// missed.
public final class PostgresTableFeed: TableChangeFeed {
    /// The channel every server listens on.
    static let channel = "deck_tables"
    /// Announcements waiting to be sent, at most; past it the oldest are dropped (the hubs'
    /// periodic reads make up for them within their keep-alive interval).
    static let waitingAnnouncements = 10_000

    private let client: PostgresClient
    private let logger: Logger
    private let announcements: AsyncStream<String>
    private let announcementQueue: AsyncStream<String>.Continuation

    /// A feed through the database at `url`; it connects once ``listen(_:)`` runs.
    public init(url: PostgresDatabaseURL, logger: Logger) {
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .warning)
        client = PostgresClient(configuration: url.clientConfiguration(connections: 2), backgroundLogger: quiet)
        self.logger = logger
        (announcements, announcementQueue) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(Self.waitingAnnouncements))
    }

    /// Queues the `NOTIFY`: the answer to the change does not wait for it.
    public func announce(table id: String, version: Int) async {
        announcementQueue.yield("\(id):\(version)")
    }

    public func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {
        await withDiscardingTaskGroup { group in
            group.addTask { [client] in await client.run() }
            group.addTask { [self] in await listenAgainAndAgain(receive) }
            group.addTask { [self] in await sendAnnouncements() }
        }
    }

    /// Sends the queued announcements, one `NOTIFY` each, in order.
    private func sendAnnouncements() async {
        for await payload in announcements {
            do {
                try await client.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
            } catch {
                if Task.isCancelled { return }
                logger.warning("a table change could not be announced", metadata: ["change": "\(payload)", "error": "\(error)"])
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
                            if let change = Self.parse(notice.payload) { receive(change) }
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

    /// `id:version` as a notice; `nil` for a payload of another form.
    static func parse(_ payload: String) -> TableNotice? {
        guard let colon = payload.lastIndex(of: ":"), let version = Int(payload[payload.index(after: colon)...]) else { return nil }
        return .changed(id: String(payload[..<colon]), version: version)
    }
}
