import DeckClient
import Foundation

/// Where the tests' servers keep their records: one instance on SQLite, or two instances on one
/// PostgreSQL database, where a change made through one reaches the other's streams.
enum Store: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    var description: String { self == .sqlite ? "SQLite, one instance" : "PostgreSQL, two instances" }
}

/// The servers of one test: the instance the actions go to, and the one its streams read.
struct Deployment: Sendable {
    let store: Store
    let servers: [TestDeckServer]

    static func start(_ store: Store) async throws -> Deployment {
        switch store {
        case .sqlite:
            return Deployment(store: store, servers: [try await TestDeckServer()])
        case .postgres:
            let database = try await TestPostgres.shared.value.newDatabase()
            let first = try await TestDeckServer(database: database)
            let second = try await TestDeckServer(database: database)
            return Deployment(store: store, servers: [first, second])
        }
    }

    /// A client of the instance that takes actions.
    var actions: DeckClient { DeckClient(serverURL: servers[0].url) }
    /// A client of the instance whose streams the test reads (the other one, on PostgreSQL).
    var events: DeckClient { DeckClient(serverURL: servers[servers.count - 1].url) }

    func stop() async {
        for server in servers { await server.stop() }
    }

    /// Runs `body` with servers of `store`, and stops them however it ends.
    static func with(_ store: Store, _ body: (Deployment) async throws -> Void) async throws {
        let deployment = try await start(store)
        do {
            try await body(deployment)
        } catch {
            await deployment.stop()
            throw error
        }
        await deployment.stop()
    }
}
