import NIOCore
import NIOPosix

/// One event stream to open: on which table (its index and id), with which seat token (none
/// for a watcher), on which server, from which local source address, and whether it is read.
struct StreamPlan: Sendable {
    var table: Int
    var tableID: String
    var token: String?
    var server: Int
    var source: Int
    var reading: Bool

    var path: String { "/api/table/\(tableID)/events" + (token.map { "?token=\($0)" } ?? "") }
}

/// What a stream saw, copied out of its ``StreamRecord`` on its loop.
struct StreamSnapshot: Sendable {
    var table: Int
    var server: Int
    var reading: Bool
    var versions: [Int]
    var times: [UInt64]
    var dropped: Bool
}

/// The event streams of a run, spread over the stream event loops and read there; opened at a
/// bounded concurrency, each connection bound to its local source address.
final class StreamSet: Sendable {
    /// Each loop with its streams' records and channels.
    private let byLoop: [(loop: EventLoop, streams: [(record: StreamRecord, channel: Channel)])]

    var count: Int { byLoop.reduce(0) { $0 + $1.streams.count } }

    private init(_ byLoop: [(loop: EventLoop, streams: [(record: StreamRecord, channel: Channel)])]) {
        self.byLoop = byLoop
    }

    /// Opens every stream of `plans` (at most `concurrency` connecting or waiting for their
    /// first event at once) and returns once each has its first event (a silent one: its head).
    ///
    /// - Throws: ``ConnectionError`` with the server's answer for a stream refused, closed
    ///   first, or given no first event within `firstEventTimeout` seconds.
    static func open(
        _ plans: [StreamPlan], servers: [ServerURL], loops: [EventLoop], concurrency: Int,
        bindSources: Bool, firstEventTimeout: Double = 30
    ) async throws -> StreamSet {
        var opened = [[(record: StreamRecord, channel: Channel)]](repeating: [], count: loops.count)
        try await withThrowingTaskGroup(of: (Int, StreamRecord, Channel).self) { group in
            var next = 0
            func start() {
                let index = next
                next += 1
                let plan = plans[index]
                let loop = loops[index % loops.count]
                group.addTask {
                    let (record, channel) = try await openOne(plan, server: servers[plan.server], loop: loop, bindSource: bindSources,
                                                              timeout: firstEventTimeout)
                    return (index % loops.count, record, channel)
                }
            }
            while next < min(concurrency, plans.count) { start() }
            while let (loopIndex, record, channel) = try await group.next() {
                opened[loopIndex].append((record, channel))
                if next < plans.count { start() }
            }
        }
        return StreamSet(zip(loops, opened).map { ($0, $1) })
    }

    private static func openOne(
        _ plan: StreamPlan, server: ServerURL, loop: EventLoop, bindSource: Bool, timeout: Double
    ) async throws -> (StreamRecord, Channel) {
        let record = StreamRecord(table: plan.table, server: plan.server, reading: plan.reading, loop: loop)
        let path = plan.path
        var bootstrap = ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(EventStreamHandler(record: record, server: server, path: path))
                }
            }
        if !plan.reading {
            // The slow reader: a small receive window, so that the server's writes back up soon.
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: 4096)
        }
        if bindSource {
            bootstrap = bootstrap.bind(to: try sourceAddress(plan.source))
        }
        let channel: Channel
        do {
            channel = try await bootstrap.connect(to: server.address).get()
        } catch {
            throw ConnectionError(description: "cannot open a stream to \(server)\(bindSource ? " from \(try sourceAddress(plan.source))" : ""): \(error)")
        }
        let timer = loop.scheduleTask(in: .nanoseconds(Int64(Clock.nanoseconds(timeout)))) {
            record.refuse("no first event within \(timeout) s on \(server)\(path)")
        }
        defer { timer.cancel() }
        try await record.opened.futureResult.get()
        return (record, channel)
    }

    /// The local address of source number `index`: 127.0.0.2, 127.0.0.3, … (the whole of
    /// 127.0.0.0/8 is the loopback), so that each address's ephemeral ports go further.
    static func sourceAddress(_ index: Int) throws -> SocketAddress {
        let host = 0x7F00_0002 + index
        let text = "\(host >> 24).\((host >> 16) & 0xFF).\((host >> 8) & 0xFF).\(host & 0xFF)"
        return try SocketAddress(ipAddress: text, port: 0)
    }

    /// What every stream saw so far.
    func snapshot() async throws -> [StreamSnapshot] {
        var all: [StreamSnapshot] = []
        for (loop, streams) in byLoop {
            all += try await loop.submit {
                streams.map {
                    StreamSnapshot(table: $0.record.table, server: $0.record.server, reading: $0.record.reading,
                                   versions: $0.record.versions, times: $0.record.times, dropped: $0.record.dropped)
                }
            }.get()
        }
        return all
    }

    /// Whether every reading stream that is still open has seen at least `versions[table]`.
    func haveSeen(_ versions: [Int]) async throws -> Bool {
        for (loop, streams) in byLoop {
            let seen = try await loop.submit {
                streams.allSatisfy { !$0.record.reading || $0.record.dropped || $0.record.lastVersion >= versions[$0.record.table] }
            }.get()
            if !seen { return false }
        }
        return true
    }

    /// Closes every stream; their ends from now on are no drops.
    func close() async throws {
        for (loop, streams) in byLoop {
            try await loop.submit {
                for stream in streams {
                    stream.record.closedByClient = true
                    stream.channel.close(promise: nil)
                }
            }.get()
        }
    }
}
