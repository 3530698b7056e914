import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// postgres-nio's connection pool, replaced by a fresh one when the database comes back after an
/// outage.
///
/// While it cannot connect, postgres-nio's pool retries with a growing back-off (up to a minute
/// between attempts, and after a minute it fails every request at once until an attempt
/// succeeds). So that a server recovers within a second of the database's return, a watcher
/// probes the database's port while requests fail, and when it answers again starts a new pool
/// for new requests and closes the old one a few seconds later.
final class PostgresPool: Sendable {
    /// One postgres-nio pool, and how it hears that it was replaced.
    private struct Generation: Sendable {
        let client: PostgresClient
        /// Yields once this pool has been replaced by a fresh one.
        let replaced: AsyncStream<Void>
        /// Says that this pool has been replaced.
        let replace: AsyncStream<Void>.Continuation

        init(url: PostgresDatabaseURL, connections: Int, logger: Logger) {
            client = url.client(connections: connections, logger: logger)
            (replaced, replace) = AsyncStream.makeStream()
        }
    }

    private struct State: Sendable {
        var current: Generation
        /// When requests began to fail as unreachable, with no success since.
        var failingSince: ContinuousClock.Instant?
    }

    /// How long a replaced pool may still finish the requests it holds connections for.
    static let replacedPoolGrace: Duration = .seconds(5)

    private let state: Mutex<State>
    private let url: PostgresDatabaseURL
    private let connections: Int
    private let logger: Logger

    /// A pool for `url` of at most `connections` connections; it serves once ``run()`` runs.
    init(url: PostgresDatabaseURL, connections: Int, logger: Logger) {
        self.url = url
        self.connections = connections
        self.logger = logger
        state = Mutex(State(current: Generation(url: url, connections: connections, logger: logger)))
    }

    /// The pool for new requests.
    var client: PostgresClient { state.withLock { $0.current.client } }

    /// Notes that a request reached the database.
    func noteSuccess() {
        state.withLock { if $0.failingSince != nil { $0.failingSince = nil } }
    }

    /// Notes that a request could not reach the database.
    func noteUnreachable() {
        state.withLock { if $0.failingSince == nil { $0.failingSince = .now } }
    }

    /// Runs the pool until a graceful shutdown or cancellation, then closes every connection.
    /// Every postgres-nio pool, the current one and those replaced, runs as a child task of
    /// this one, so that none outlives it.
    func run() async {
        await withDiscardingTaskGroup { group in
            let first = state.withLock { $0.current }
            group.addTask { await Self.run(first) }
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(250)) }
                // Only after a second of failures and no success: a busy pool that still serves
                // some requests is left alone.
                guard let since = state.withLock({ $0.failingSince }), since.duration(to: .now) > .seconds(1),
                      await databaseAnswers()
                else { continue }
                let next = replaceClient()
                group.addTask { await Self.run(next) }
            }
            group.cancelAll()
        }
    }

    /// Runs one postgres-nio pool until it is cancelled, or until ``replacedPoolGrace`` after
    /// it was replaced.
    private static func run(_ generation: Generation) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await generation.client.run() }
            group.addTask {
                for await _ in generation.replaced { break }
                guard !Task.isCancelled else { return }
                try? await Task.sleep(for: replacedPoolGrace)
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Whether the database's port accepts a TCP connection now.
    private func databaseAnswers() async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(1))
                .connect(host: url.host, port: url.port).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }

    /// Makes a fresh pool the one for new requests; the one it replaces gets its grace.
    private func replaceClient() -> Generation {
        let next = Generation(url: url, connections: connections, logger: logger)
        let old = state.withLock { state in
            defer {
                state.current = next
                state.failingSince = nil
            }
            return state.current
        }
        old.replace.yield()
        old.replace.finish()
        logger.notice("the database answers again: new connections from a fresh pool", metadata: ["database": "\(url)"])
        return next
    }
}
