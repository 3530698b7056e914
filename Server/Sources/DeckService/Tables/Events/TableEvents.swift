import Foundation
import Synchronization

/// A server's table events: where changes and signals are announced (through the
/// ``TableChangeFeed``, so that every server sharing the store hears them) and the event
/// streams this server holds, by table.
///
/// When a watched table changes, it is read once and one ``TableSnapshot`` goes to each of its
/// streams. Reads are coalesced per table: notices that arrive while a table is being read lead
/// to one more read, not one each, and every stream keeps only the newest thing to send (see
/// ``TableEventStream``), so nothing queues without bound however fast tables change.
///
/// Its parts each do one thing: the `DragRelay` paces drags (``Settings/dragInterval`` per
/// seat), and the `KeepAliveTicker` keeps quiet streams alive and reads quiet tables again; this
/// type fans the feed in to the streams. How many streams a server takes, and from whom, is its
/// HTTP side's to say, before it subscribes. Times are read from an ``EventClock``. Run it
/// (``run()``) for as long as streams are served.
public final class TableEvents: Sendable {
    /// How often streams are kept alive, how often a seat's drags go out.
    public struct Settings: Sendable, Hashable {
        /// How long a stream may go without an event before it is given
        /// ``TableEventStream/Event/quiet``; once per interval every watched table is also read
        /// again.
        public var keepAliveInterval: Duration
        /// The shortest time between two drags of a seat that go out (30 a second).
        public var dragInterval: Duration

        /// Settings with these values.
        public init(keepAliveInterval: Duration = .seconds(15), dragInterval: Duration = .seconds(1) / 30) {
            self.keepAliveInterval = keepAliveInterval
            self.dragInterval = dragInterval
        }
    }

    /// The most tables read at once for the streams.
    static let concurrentReads = 16

    /// Reads a table; throws ``ServiceError`` (`notFound`) for one that does not exist.
    typealias Reader = @Sendable (String) async throws -> Tabletop

    /// The settings it was made with.
    public let settings: Settings
    /// What the streams sent and dropped so far.
    public let tally = TableEventTally()
    let feed: any TableChangeFeed
    /// Drags, at each seat's pace, and who may drag without a read.
    let drags: DragRelay
    private let read: Reader
    private let now: @Sendable () -> Date
    private let clock: EventClock
    private let ticker: KeepAliveTicker
    private let state: Mutex<State>
    private let refreshes: AsyncStream<String>
    private let refreshQueue: AsyncStream<String>.Continuation

    /// The streams of one table and where its reading stands.
    private struct Watch {
        var streams: [ObjectIdentifier: TableEventStream] = [:]
        /// The newest table posted, and when it was read.
        var last: (table: Tabletop, time: Date)?
        /// The newest table a notice brought (as stored), newer than `last`: the next read takes
        /// it instead of reading the store.
        var delivered: (version: Int, record: [UInt8])?
        /// Queued for a read, or being read.
        var busy = false
        /// A notice came while it was being read: read it again after.
        var stale = false
        /// When it was last read (or began to be watched): the periodic read takes the tables
        /// not read for an interval.
        var checked: EventClock.Instant

        var version: Int { last?.table.version ?? 0 }
    }

    private struct State {
        var watches: [String: Watch] = [:]
        /// The server is stopping: no more streams.
        var stopped = false
    }

    /// Events through `feed` with these `settings`; `now` is the time holds are judged at,
    /// `clock` the one keep-alives and drags are timed by, and `read` reads a table.
    init(
        feed: any TableChangeFeed, settings: Settings, now: @escaping @Sendable () -> Date, clock: EventClock,
        read: @escaping Reader
    ) {
        self.feed = feed
        self.settings = settings
        self.now = now
        self.clock = clock
        self.read = read
        drags = DragRelay(feed: feed, interval: settings.dragInterval, clock: clock, now: now)
        ticker = KeepAliveTicker(interval: settings.keepAliveInterval, clock: clock)
        state = Mutex(State())
        (refreshes, refreshQueue) = AsyncStream.makeStream()
    }

    /// The streams open now.
    public var openStreams: Int { state.withLock { $0.watches.values.reduce(0) { $0 + $1.streams.count } } }

    // MARK: Announcing

    /// Announces that the table `id` reached `version` (after the change was committed), with
    /// the bytes stored when the caller has them: servers that watch the table then need not
    /// read it.
    func announce(table id: String, version: Int, record: [UInt8]? = nil) async {
        await feed.announce(table: id, version: version, record: record)
    }

    /// Sends `signal` of the table `id` to every server's streams of it; a drag waits its turn
    /// (see ``Settings/dragInterval``), replacing the seat's drag still waiting.
    func send(_ signal: TableSignal, table id: String) async {
        switch signal {
        case .dragged:
            await drags.send(signal, table: id)
        case .held:
            // A hold or its release ends the seat's drag: a drag still waiting would come after it.
            drags.discardWaiting(table: id, seat: signal.seat)
            await feed.send(signal, table: id)
        case .peeked:
            await feed.send(signal, table: id)
        }
    }

    /// Sends the hold or release `signal` of the table `id` to every server's streams of it,
    /// and returns once every server has heard it (see ``TableChangeFeed/deliver(_:table:)``).
    func deliver(_ signal: TableSignal, table id: String) async {
        drags.discardWaiting(table: id, seat: signal.seat)
        await feed.deliver(signal, table: id)
    }

    // MARK: Streams

    /// Opens a stream of the table as the holder of `token` sees it (or a watcher, without
    /// one); its first event, the whole view, is ready at once. With `signals`, it also hears
    /// holds, drags and peeks. A stream opened through a watch link (`watchKey`) ends when the
    /// table's link is made anew or turned off.
    ///
    /// - Throws: ``ServiceError`` for an unknown table, a token that holds no seat there, or
    ///   (`unavailable`) when the server is stopping.
    public func subscribe(table id: String, token: String?, signals: Bool = false, watchKey: String? = nil) async throws -> TableEventStream {
        guard !state.withLock({ $0.stopped }) else { throw Self.stopping }
        let table = try await read(id)
        let seat = try token.map { token throws(ServiceError) in
            (number: try DeckService.seat(of: token, at: table, id: id), tokenHash: TableToken.hash(token))
        }
        if let watchKey, table.settings.watchKey != watchKey {
            throw ServiceError(.notFound, .watchLink, value: watchKey, "shows no table: it may have been made anew or turned off")
        }
        let stream = TableEventStream(table: id, seat: seat, wantsSignals: signals, watchKey: watchKey, tally: tally, clock: clock) {
            [weak self] stream in self?.forget(stream)
        }
        let since = clock.now
        let watching = state.withLock { state in
            guard !state.stopped else { return false }
            state.watches[id, default: Watch(checked: since)].streams[ObjectIdentifier(stream)] = stream
            return true
        }
        guard watching else { throw Self.stopping }
        stream.post(TableSnapshot(id: id, table: table, previous: nil, time: now()))
        // A change committed between the read above and the stream's registration may have
        // been announced (and posted to the table's other streams) before this stream was
        // there to get it: read the table once more. That read posts the table to every
        // stream even at a version already posted (each stream takes only what is newer to
        // it), and ends this stream if its watch link changed meanwhile.
        markForRead([id])
        return stream
    }

    /// The refusal of a stream once the server is stopping.
    private static let stopping = ServiceError(
        .unavailable, .eventStreams, "are closing: the server is stopping", allowed: "reconnect to another server or in a moment")

    /// Hears the feed, reads changed tables, sends waiting drags and keeps quiet streams alive
    /// until cancelled; then closes every stream.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await feed.listen { [self] notice in noticed(notice) } }
            group.addTask { [self] in await ticker.run { cutoff in keepQuietStreamsAlive(cutoff: cutoff) } }
            group.addTask { [self] in await drags.run() }
            await readMarkedTables()
            group.cancelAll()
        }
        let streams = state.withLock { state -> [TableEventStream] in
            state.stopped = true
            return state.watches.values.flatMap(\.streams.values)
        }
        for stream in streams { stream.close() }
    }

    /// Reads the tables marked for a read, a few at once: after the feed was lost, every
    /// watched table is marked together, and the store should not get them all at once.
    private func readMarkedTables() async {
        await withTaskGroup(of: Void.self) { reads in
            var running = 0
            for await id in refreshes {
                if running == Self.concurrentReads {
                    await reads.next()
                    running -= 1
                }
                reads.addTask { [self] in await refresh(id) }
                running += 1
            }
        }
    }

    /// A tick of the ``KeepAliveTicker``: the streams quiet since `cutoff` are told so, and
    /// the watched tables not read since are read again (the ticker's share of them, oldest
    /// first): a table deleted as idle (which no notice announces) ends its streams, and a
    /// notice lost while the store or the feed was unreachable is made good.
    private func keepQuietStreamsAlive(cutoff: EventClock.Instant) {
        let (streams, due) = state.withLock { state in
            let due = state.watches.filter { $0.value.checked < cutoff }.sorted { $0.value.checked < $1.value.checked }
            let share = ticker.share(of: state.watches.count, minimum: Self.concurrentReads)
            return (state.watches.values.flatMap(\.streams.values), due.prefix(share).map(\.key))
        }
        for stream in streams { stream.keepAlive(ifQuietSince: cutoff) }
        markForRead(due)
    }

    /// Reads these watched tables again, whatever version they were last seen at.
    private func markForRead(_ tables: [String]) {
        let queue = state.withLock { state in
            tables.filter { id in state.watches[id] != nil && Self.mark(&state.watches[id]!) }
        }
        for id in queue { refreshQueue.yield(id) }
    }

    private func noticed(_ notice: TableNotice) {
        drags.heard(notice)
        switch notice {
        case .changed(let id, let version, let record):
            let queue = state.withLock { state -> Bool in
                guard var watch = state.watches[id], version > watch.version else { return false }
                defer { state.watches[id] = watch }
                if let record, version > watch.delivered?.version ?? -1 { watch.delivered = (version, record) }
                return Self.mark(&watch)
            }
            if queue { refreshQueue.yield(id) }
        case .signal(let id, let signal):
            let streams = state.withLock { state in state.watches[id].map { Array($0.streams.values) } ?? [] }
            for stream in streams { stream.post(signal) }
        case .mayHaveMissed:
            markForRead(state.withLock { Array($0.watches.keys) })
        case .listenerLost:
            break
        }
    }

    /// Marks a watched table for a read; `true` when it must be queued.
    private static func mark(_ watch: inout Watch) -> Bool {
        if watch.busy {
            watch.stale = true
            return false
        }
        watch.busy = true
        return true
    }

    /// Reads a table (or takes the one a notice brought) and posts it to its streams, again
    /// while notices came meanwhile.
    private func refresh(_ id: String) async {
        while true {
            let table: Tabletop?
            drags.reading(id)
            let delivered = state.withLock { state in
                defer { state.watches[id]?.delivered = nil }
                return state.watches[id]?.delivered
            }
            do {
                let found: Tabletop
                if let delivered, let brought = try? Tabletop(decoding: delivered.record, id: id, keepingUndo: false) {
                    found = brought
                } else {
                    found = try await read(id)
                }
                drags.learn(found, id: id)
                table = found
            } catch let error as ServiceError where error.kind == .notFound {
                table = nil
            } catch {
                // The store is unreachable: the streams keep their last view until the next
                // notice or the periodic read, whichever comes first.
                state.withLock { state in
                    guard var watch = state.watches[id] else { return }
                    watch.busy = false
                    watch.stale = false
                    state.watches[id] = watch.streams.isEmpty ? nil : watch
                }
                return
            }
            let time = now()
            let checked = clock.now
            let (streams, snapshot, again) = state.withLock { state -> ([TableEventStream], TableSnapshot?, Bool) in
                guard var watch = state.watches[id] else { return ([], nil, false) }
                var snapshot: TableSnapshot?
                if let table, table.version >= watch.version {
                    let previous = watch.last.flatMap { $0.table.version < table.version ? $0 : nil }
                    snapshot = TableSnapshot(id: id, table: table, previous: previous, time: time)
                    if previous != nil || watch.last == nil { watch.last = (table, time) }
                }
                let again = watch.stale
                watch.stale = false
                watch.checked = checked
                if !again { watch.busy = false }
                // A table whose last stream closed while it was read is forgotten now.
                state.watches[id] = watch.streams.isEmpty && !again ? nil : watch
                return (Array(watch.streams.values), snapshot, again)
            }
            for stream in streams {
                if let snapshot, stream.watchKey == nil || stream.watchKey == snapshot.table.settings.watchKey {
                    stream.post(snapshot)
                } else if table == nil || snapshot != nil {
                    // The table is gone, or the link the stream watches by is no longer its own.
                    stream.close()
                }
            }
            if !again { return }
        }
    }

    private func forget(_ stream: TableEventStream) {
        state.withLock { state in
            let key = ObjectIdentifier(stream)
            guard state.watches[stream.table]?.streams.removeValue(forKey: key) != nil else { return }
            if state.watches[stream.table]?.streams.isEmpty == true, state.watches[stream.table]?.busy == false {
                state.watches[stream.table] = nil
            }
        }
    }
}
