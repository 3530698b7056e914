import Synchronization

/// The event streams a server holds, by table, fed by the ``TableChangeFeed``: when a watched
/// table changes, the hub reads it once and posts each stream the view its viewer may see.
///
/// Reads are coalesced per table: notices that arrive while a table is being read lead to one
/// more read, not one each, and every stream keeps only the latest view (see
/// ``TableEventStream``), so nothing queues without bound however fast tables change. Run the
/// hub (``run()``) for as long as streams are served.
public final class TableEventHub: Sendable {
    /// The most streams open at once; past it ``subscribe(table:token:)`` refuses.
    public let maxStreams: Int
    /// How long a stream may go without an event before it is given ``TableEventStream/Event/quiet``.
    public let keepAliveInterval: Duration
    private let service: DeckService
    private let state = Mutex(State())
    private let refreshes: AsyncStream<String>
    private let refreshQueue: AsyncStream<String>.Continuation

    /// The streams of one table and where its reading stands.
    private struct Watch {
        var streams: [ObjectIdentifier: TableEventStream] = [:]
        /// The newest version posted.
        var version = 0
        /// Queued for a read, or being read.
        var busy = false
        /// A notice came while it was being read: read it again after.
        var stale = false
    }

    private struct State {
        var watches: [String: Watch] = [:]
        var open = 0
        var stopped = false
    }

    /// A hub over `service`'s tables and feed, holding at most `maxStreams` streams, each of
    /// which hears ``TableEventStream/Event/quiet`` after `keepAliveInterval` without an event.
    public init(service: DeckService, maxStreams: Int, keepAliveInterval: Duration = .seconds(15)) {
        self.service = service
        self.maxStreams = maxStreams
        self.keepAliveInterval = keepAliveInterval
        (refreshes, refreshQueue) = AsyncStream.makeStream()
    }

    /// The streams open now.
    public var openStreams: Int { state.withLock { $0.open } }

    /// Opens a stream of the table as the holder of `token` sees it (or anyone, without one);
    /// its first event, the current view, is ready at once.
    ///
    /// - Throws: ``ServiceError`` for an unknown table, a token that holds no seat there, or
    ///   (`unavailable`) when ``maxStreams`` are open or the server is stopping.
    public func subscribe(table id: String, token: String?) async throws -> TableEventStream {
        try state.withLock { state throws(ServiceError) in
            guard !state.stopped else {
                throw ServiceError(.unavailable, .eventStreams, "are closing: the server is stopping", allowed: "reconnect to another server or in a moment")
            }
            guard state.open < maxStreams else {
                throw ServiceError(
                    .unavailable, .eventStreams, "are all in use: this server holds \(maxStreams) at once",
                    allowed: "try again in a few seconds")
            }
            state.open += 1
        }
        do {
            let stored = try await service.loadTable(id)
            let seat = try token.map { token throws(ServiceError) in
                (number: try DeckService.seat(of: token, at: stored, id: id), tokenHash: TableToken.hash(token))
            }
            let stream = TableEventStream(table: id, seat: seat) { [weak self] stream in self?.forget(stream) }
            let watching = state.withLock { state in
                guard !state.stopped else { return false }
                state.watches[id, default: Watch()].streams[ObjectIdentifier(stream)] = stream
                return true
            }
            guard watching else {
                release()
                throw ServiceError(.unavailable, .eventStreams, "are closing: the server is stopping", allowed: "reconnect in a moment")
            }
            stream.post(Self.view(of: stored, id: id, for: stream))
            // A change committed between the read above and the stream's registration may have
            // been announced (and posted to the table's other streams) before this stream was
            // there to get it: read the table once more for it.
            markForRead([id])
            return stream
        } catch {
            release()
            throw error
        }
    }

    /// Hears the feed, reads changed tables and keeps quiet streams alive until cancelled; then
    /// closes every stream.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await service.tableFeed.listen { [self] notice in noticed(notice) } }
            group.addTask { [self] in await keepQuietStreamsAlive() }
            for await id in refreshes {
                group.addTask { [self] in await refresh(id) }
            }
            group.cancelAll()
        }
        let streams = state.withLock { state -> [TableEventStream] in
            state.stopped = true
            return state.watches.values.flatMap(\.streams.values)
        }
        for stream in streams { stream.close() }
    }

    /// One timer for every stream: once a second, the streams quiet for the interval are told
    /// so. Once per interval, every watched table is also read again: a table deleted as idle
    /// (which no notice announces) ends its streams, and a notice lost while the store or the
    /// feed was unreachable is made good.
    private func keepQuietStreamsAlive() async {
        let tick = min(keepAliveInterval, .seconds(1))
        var lastRead = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            let cutoff = ContinuousClock.now - keepAliveInterval
            let (streams, tables) = state.withLock { ($0.watches.values.flatMap(\.streams.values), Array($0.watches.keys)) }
            for stream in streams { stream.keepAlive(ifQuietSince: cutoff) }
            if lastRead < cutoff {
                lastRead = .now
                markForRead(tables)
            }
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
        case .changed(let id, let version):
            let queue = state.withLock { state -> Bool in
                guard var watch = state.watches[id], version > watch.version else { return false }
                defer { state.watches[id] = watch }
                return Self.mark(&watch)
            }
            if queue { refreshQueue.yield(id) }
        case .mayHaveMissed:
            markForRead(state.withLock { Array($0.watches.keys) })
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

    /// Reads a table and posts its view to its streams, again while notices came meanwhile.
    private func refresh(_ id: String) async {
        while true {
            let stored: Tabletop?
            do {
                stored = try await service.loadTable(id)
            } catch let error as ServiceError where error.kind == .notFound {
                stored = nil
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
            let (streams, again) = state.withLock { state -> ([TableEventStream], Bool) in
                guard var watch = state.watches[id] else { return ([], false) }
                if let stored { watch.version = max(watch.version, stored.version) }
                let again = watch.stale
                watch.stale = false
                if !again { watch.busy = false }
                // A table whose last stream closed while it was read is forgotten now.
                state.watches[id] = watch.streams.isEmpty && !again ? nil : watch
                return (Array(watch.streams.values), again)
            }
            for stream in streams {
                if let stored {
                    stream.post(Self.view(of: stored, id: id, for: stream))
                } else {
                    stream.close()
                }
            }
            if !again { return }
        }
    }

    /// The view a stream's viewer may see: with the hand only while the token still holds the
    /// seat (a player who left, or whose seat was taken again, sees what anyone sees).
    private static func view(of stored: Tabletop, id: String, for stream: TableEventStream) -> TableView {
        var viewer: Int?
        if let seat = stream.seat, stored.seats.indices.contains(seat.number - 1),
           stored.seats[seat.number - 1].tokenHash == seat.tokenHash {
            viewer = seat.number
        }
        return TableView(id: id, table: stored, viewer: viewer)
    }

    private func forget(_ stream: TableEventStream) {
        state.withLock { state in
            let key = ObjectIdentifier(stream)
            guard state.watches[stream.table]?.streams.removeValue(forKey: key) != nil else { return }
            state.open -= 1
            if state.watches[stream.table]?.streams.isEmpty == true, state.watches[stream.table]?.busy == false {
                state.watches[stream.table] = nil
            }
        }
    }

    private func release() {
        state.withLock { $0.open -= 1 }
    }
}
