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
    private struct State: Sendable {
        var client: PostgresClient
        /// When requests began to fail as unreachable, with no success since.
        var failingSince: ContinuousClock.Instant?
        /// The tasks running the current pool and the replaced ones.
        var runs: [Task<Void, Never>] = []
    }

    private let state: Mutex<State>
    private let url: PostgresDatabaseURL
    private let connections: Int
    private let logger: Logger

    /// A pool for `url` of at most `connections` connections; it serves once ``run()`` runs.
    init(url: PostgresDatabaseURL, connections: Int, logger: Logger) {
        self.url = url
        self.connections = connections
        self.logger = logger
        state = Mutex(State(client: PostgresClient(configuration: url.clientConfiguration(connections: connections),
                                                    backgroundLogger: logger)))
    }

    /// The pool for new requests.
    var client: PostgresClient { state.withLock { $0.client } }

    /// Notes that a request reached the database.
    func noteSuccess() {
        state.withLock { if $0.failingSince != nil { $0.failingSince = nil } }
    }

    /// Notes that a request could not reach the database.
    func noteUnreachable() {
        state.withLock { if $0.failingSince == nil { $0.failingSince = .now } }
    }

    /// Runs the pool until a graceful shutdown or cancellation, then closes every connection.
    func run() async {
        state.withLock { state in
            let client = state.client
            state.runs.append(Task { await client.run() })
        }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(250)) }
            // Only after a second of failures and no success: a busy pool that still serves
            // some requests is left alone.
            guard let since = state.withLock({ $0.failingSince }), since.duration(to: .now) > .seconds(1),
                  await databaseAnswers()
            else { continue }
            replaceClient()
        }
        let runs = state.withLock { $0.runs }
        for run in runs { run.cancel() }
        for run in runs { await run.value }
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

    private func replaceClient() {
        let client = PostgresClient(configuration: url.clientConfiguration(connections: connections), backgroundLogger: logger)
        let old = state.withLock { state in
            let old = state.runs.last
            state.client = client
            state.failingSince = nil
            state.runs.append(Task { await client.run() })
            return old
        }
        logger.notice("the database answers again: new connections from a fresh pool", metadata: ["database": "\(url)"])
        // The old pool may still finish requests it holds connections for.
        Task {
            try? await Task.sleep(for: .seconds(5))
            old?.cancel()
        }
    }
}
