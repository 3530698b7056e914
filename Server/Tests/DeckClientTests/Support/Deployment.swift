import DeckClient
import DeckTestSupport
import Foundation
import Synchronization

/// Where the tests' servers keep their records: one instance on SQLite, or two instances on one
/// PostgreSQL database, where a change made through one reaches the other's streams.
enum Store: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    var description: String { self == .sqlite ? "SQLite, one instance" : "PostgreSQL, two instances" }
}

/// The servers of one test (the server tests' launcher, `ServerProcess`): the instance the
/// actions go to, and the one its streams read.
final class Deployment: Sendable {
    let store: Store
    private let servers: Mutex<[ServerProcess]>

    /// Options every server of these tests takes: no limit on how many tables a client makes.
    private static let arguments = ["--creations-per-minute", "0"]

    private init(store: Store, servers: [ServerProcess]) {
        self.store = store
        self.servers = Mutex(servers)
    }

    static func start(_ store: Store) async throws -> Deployment {
        switch store {
        case .sqlite:
            return Deployment(store: store, servers: [try await ServerProcess(arguments: arguments)])
        case .postgres:
            let (first, second) = try await ServerProcess.two(on: try await PostgresCluster.shared.createDatabase(), arguments: arguments)
            return Deployment(store: store, servers: [first, second])
        }
    }

    /// The base URL of the instance that takes actions.
    var actionsURL: URL { URL(string: servers.withLock { $0[0] }.baseURL)! }
    /// A client of the instance that takes actions.
    var actions: DeckClient { DeckClient(serverURL: actionsURL) }
    /// A client of the instance whose streams the test reads (the other one, on PostgreSQL).
    var events: DeckClient { DeckClient(serverURL: URL(string: servers.withLock { $0[$0.count - 1] }.baseURL)!) }

    /// Stops the instance the streams read and starts it again on the same port and data:
    /// every open stream drops, and its client comes back to the same address.
    func restartEventsInstance() async throws {
        let old = servers.withLock { $0[$0.count - 1] }
        let new = try await old.restarted()
        servers.withLock { $0[$0.count - 1] = new }
    }

    func stop() async {
        for server in servers.withLock({ $0 }) { await server.stopAndRemoveData() }
    }

    /// Runs `body` with servers of `store`, and stops them however it ends.
    static func with(_ store: Store, _ body: (Deployment) async throws -> Void) async throws {
        let deployment = try await start(store)
        try await withCleanup {
            try await body(deployment)
        } cleanup: {
            await deployment.stop()
        }
    }
}
