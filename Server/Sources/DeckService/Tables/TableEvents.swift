import Foundation
import Synchronization

/// A server's table events: where changes and signals are announced (through the
/// ``TableChangeFeed``, so that every server sharing the store hears them) and the event
/// streams this server holds, by table.
///
/// When a watched table changes, it is read once and one ``TableSnapshot`` goes to each of its
/// streams. Reads are coalesced per table: notices that arrive while a table is being read lead
/// to one more read, not one each, and every stream keeps only the newest thing to send (see
/// ``TableEventStream``), so nothing queues without bound however fast tables change. Drags are
/// kept to ``Settings/dragInterval`` per seat. Run it (``run()``) for as long as streams are
/// served.
public final class TableEvents: Sendable {
    /// How many streams, how often kept alive, how often a seat's drags go out.
    public struct Settings: Sendable, Hashable {
        /// The most streams open at once; past it ``subscribe(table:token:signals:watchKey:client:)``
        /// refuses.
        public var maxStreams: Int
        /// The most streams open at once for one client address; `nil` for no limit. Past it
        /// ``subscribe(table:token:signals:watchKey:client:)`` refuses that client, so that one
        /// client cannot take every place of ``maxStreams``.
        public var maxStreamsPerClient: Int?
        /// How long a stream may go without an event before it is given
        /// ``TableEventStream/Event/quiet``; once per interval every watched table is also read
        /// again.
        public var keepAliveInterval: Duration
        /// The shortest time between two drags of a seat that go out (30 a second).
        public var dragInterval: Duration

        /// Settings with these values.
        public init(
            maxStreams: Int = 10_000, maxStreamsPerClient: Int? = nil, keepAliveInterval: Duration = .seconds(15),
            dragInterval: Duration = .seconds(1) / 30
        ) {
            self.maxStreams = maxStreams
            self.maxStreamsPerClient = maxStreamsPerClient
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
    private let read: Reader
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private let drags: Mutex<DragThrottle<ContinuousClock.Instant>>
    private let permits = Mutex(DragPermits())
    private let refreshes: AsyncStream<String>
    private let refreshQueue: AsyncStream<String>.Continuation
    private let dragWakeUps: AsyncStream<Void>
    private let dragWakeUp: AsyncStream<Void>.Continuation

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
        var checked = ContinuousClock.now

        var version: Int { last?.table.version ?? 0 }
    }

    private struct State {
        var watches: [String: Watch] = [:]
        var open = 0
        /// The streams open (or being opened) by each client address counted.
        var openByClient: [String: Int] = [:]
        var stopped = false

        /// Gives back the place of a stream of `client`.
        mutating func release(client: String?) {
            open -= 1
            guard let client, let count = openByClient[client] else { return }
            openByClient[client] = count > 1 ? count - 1 : nil
        }
    }

    init(feed: any TableChangeFeed, settings: Settings, now: @escaping @Sendable () -> Date, read: @escaping Reader) {
        self.feed = feed
        self.settings = settings
        self.now = now
        self.read = read
        drags = Mutex(DragThrottle(interval: settings.dragInterval))
        (refreshes, refreshQueue) = AsyncStream.makeStream()
        (dragWakeUps, dragWakeUp) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The streams open now.
    public var openStreams: Int { state.withLock { $0.open } }

    /// The streams open now for the client address `client`.
    public func openStreams(of client: String) -> Int {
        state.withLock { $0.openByClient[client] ?? 0 }
    }

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
        guard case .dragged = signal else {
            // A hold or its release ends the seat's drag: a drag still waiting would come after it.
            if case .held = signal { discardWaitingDrag(table: id, seat: signal.seat) }
            await feed.send(signal, table: id)
            return
        }
        let now = ContinuousClock.now
        let ready = drags.withLock { $0.offer(signal, of: .init(table: id, number: signal.seat), at: now) }
        if let ready {
            await feed.send(ready, table: id)
        } else {
            dragWakeUp.yield()
        }
    }

    /// Sends the hold or release `signal` of the table `id` to every server's streams of it,
    /// and returns once every server has heard it (see ``TableChangeFeed/deliver(_:table:)``).
    func deliver(_ signal: TableSignal, table id: String) async {
        discardWaitingDrag(table: id, seat: signal.seat)
        await feed.deliver(signal, table: id)
    }

    /// The seat of the holder of `token` when it may drag `stack` at `now`, as far as this
    /// server knows without reading the store (see ``DragPermits``); `nil` when it does not
    /// know: then read the table, between ``reading(_:)`` and ``learn(_:id:)``, and decide.
    func knownDrag(table id: String, token: String, stack: String, at now: Date) -> Int? {
        let hash = TableToken.hash(token)
        return permits.withLock { $0.seat(table: id, tokenHash: hash, stack: stack, at: now) }
    }

    /// A read of the table `id` begins whose result goes to ``learn(_:id:)``.
    func reading(_ id: String) {
        let now = now()
        permits.withLock { $0.reading(id, at: now) }
    }

    /// What a read of the table `id` found (see ``reading(_:)``), for the drags that follow.
    func learn(_ table: Tabletop, id: String) {
        permits.withLock { $0.learn(table, id: id) }
    }

    /// Forgets the seat's drag still waiting, if any: its action (the drop) comes first.
    func discardWaitingDrag(table id: String, seat: Int) {
        drags.withLock { $0.discardWaiting(of: .init(table: id, number: seat)) }
    }

    // MARK: Streams

    /// Opens a stream of the table as the holder of `token` sees it (or a watcher, without
    /// one); its first event, the whole view, is ready at once. With `signals`, it also hears
    /// holds, drags and peeks. A stream opened through a watch link (`watchKey`) ends when the
    /// table's link is made anew or turned off. A stream opened for a `client` address counts
    /// against that client's ``Settings/maxStreamsPerClient`` until it closes.
    ///
    /// - Throws: ``ServiceError`` for an unknown table, a token that holds no seat there,
    ///   (`tooMany`) when `client` already holds ``Settings/maxStreamsPerClient`` streams, or
    ///   (`unavailable`) when ``Settings/maxStreams`` are open or the server is stopping.
    public func subscribe(
        table id: String, token: String?, signals: Bool = false, watchKey: String? = nil, client: String? = nil
    ) async throws -> TableEventStream {
        try state.withLock { state throws(ServiceError) in
            guard !state.stopped else {
                throw ServiceError(.unavailable, .eventStreams, "are closing: the server is stopping", allowed: "reconnect to another server or in a moment")
            }
            if let client, let limit = settings.maxStreamsPerClient, state.openByClient[client, default: 0] >= limit {
                throw ServiceError(
                    .tooMany, .eventStreams, "from this address are at the limit of \(limit) open at once",
                    allowed: "close one of them, or try again once one has ended")
            }
            guard state.open < settings.maxStreams else {
                throw ServiceError(
                    .unavailable, .eventStreams, "are all in use: this server holds \(settings.maxStreams) at once",
                    allowed: "try again in a few seconds")
            }
            state.open += 1
            if let client { state.openByClient[client, default: 0] += 1 }
        }
        do {
            let table = try await read(id)
            let seat = try token.map { token throws(ServiceError) in
                (number: try DeckService.seat(of: token, at: table, id: id), tokenHash: TableToken.hash(token))
            }
            if let watchKey, table.settings.watchKey != watchKey {
                throw ServiceError(.notFound, .watchLink, value: watchKey, "shows no table: it may have been made anew or turned off")
            }
            let stream = TableEventStream(
                table: id, seat: seat, wantsSignals: signals, watchKey: watchKey, client: client, tally: tally
            ) { [weak self] stream in
                self?.forget(stream)
            }
            let watching = state.withLock { state in
                guard !state.stopped else { return false }
                state.watches[id, default: Watch()].streams[ObjectIdentifier(stream)] = stream
                return true
            }
            guard watching else {
                // The catch below gives the place back.
                throw ServiceError(.unavailable, .eventStreams, "are closing: the server is stopping", allowed: "reconnect in a moment")
            }
            stream.post(TableSnapshot(id: id, table: table, previous: nil, time: now()))
            // A change committed between the read above and the stream's registration may have
            // been announced (and posted to the table's other streams) before this stream was
            // there to get it: read the table once more. That read posts the table to every
            // stream even at a version already posted (each stream takes only what is newer to
            // it), and ends this stream if its watch link changed meanwhile.
            markForRead([id])
            return stream
        } catch {
            state.withLock { $0.release(client: client) }
            throw error
        }
    }

    /// Hears the feed, reads changed tables, sends waiting drags and keeps quiet streams alive
    /// until cancelled; then closes every stream.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await feed.listen { [self] notice in noticed(notice) } }
            group.addTask { [self] in await keepQuietStreamsAlive() }
            group.addTask { [self] in await sendWaitingDrags() }
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

    /// Sends each waiting drag when its seat's interval is over.
    private func sendWaitingDrags() async {
        for await _ in dragWakeUps {
            while !Task.isCancelled, let next = drags.withLock({ $0.nextDue }) {
                // At most 10 ms late: a drag that came meanwhile may be due sooner.
                try? await Task.sleep(until: min(next, .now + .milliseconds(10)), clock: .continuous)
                let due = drags.withLock { $0.due(at: .now) }
                for (seat, signal) in due { await feed.send(signal, table: seat.table) }
            }
        }
    }

    /// One timer for every stream: once a second, the streams quiet for the interval are told
    /// so. Every watched table not read for an interval is also read again: a table deleted as
    /// idle (which no notice announces) ends its streams, and a notice lost while the store or
    /// the feed was unreachable is made good. Those reads are spread over the interval (at most
    /// an interval's share of the tables each second, oldest first), so that thousands of
    /// quiet tables watched since the same moment are not read in one burst.
    private func keepQuietStreamsAlive() async {
        let tick = min(settings.keepAliveInterval, .seconds(1))
        let ticksPerInterval = max(1, Int((settings.keepAliveInterval / tick).rounded(.up)))
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            let cutoff = ContinuousClock.now - settings.keepAliveInterval
            let (streams, due) = state.withLock { state in
                let due = state.watches.filter { $0.value.checked < cutoff }.sorted { $0.value.checked < $1.value.checked }
                let share = max(Self.concurrentReads, (state.watches.count + ticksPerInterval - 1) / ticksPerInterval)
                return (state.watches.values.flatMap(\.streams.values), due.prefix(share).map(\.key))
            }
            for stream in streams { stream.keepAlive(ifQuietSince: cutoff) }
            markForRead(due)
        }
    }

    /// Reads these watched tables again, whatever version they were last seen at.
    private func markForRead(_ tables: [String]) {
        let queue = state.withLock { state in
            tables.filter { id in state.watches[id] != nil && Self.mark(&state.watches[id]!) }
        }
        for id in queue { refreshQueue.yield(id) }
    }

    private func noticed(_ notice: TableNotice) {
        switch notice {
        case .changed(let id, let version, let record):
            permits.withLock { $0.heard(id, version: version) }
            let queue = state.withLock { state -> Bool in
                guard var watch = state.watches[id], version > watch.version else { return false }
                defer { state.watches[id] = watch }
                if let record, version > watch.delivered?.version ?? -1 { watch.delivered = (version, record) }
                return Self.mark(&watch)
            }
            if queue { refreshQueue.yield(id) }
        case .signal(let id, let signal):
            if case .held(let stack, let seat, let until) = signal {
                permits.withLock { $0.heardHold(id, stack: stack, seat: seat, until: until) }
            }
            let streams = state.withLock { state in state.watches[id].map { Array($0.streams.values) } ?? [] }
            for stream in streams { stream.post(signal) }
        case .mayHaveMissed:
            permits.withLock { $0.hearAfresh() }
            markForRead(state.withLock { Array($0.watches.keys) })
        case .listenerLost:
            permits.withLock { $0.stopHearing() }
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
            reading(id)
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
                learn(found, id: id)
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
                watch.checked = .now
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
            state.release(client: stream.client)
            if state.watches[stream.table]?.streams.isEmpty == true, state.watches[stream.table]?.busy == false {
                state.watches[stream.table] = nil
            }
        }
    }
}
