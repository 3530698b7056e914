import DeckService
import ServiceLifecycle

/// Runs the table events' hub beside the HTTP server: it hears the change feed and posts views
/// to the open event streams until the server stops.
struct TableEventService: Service {
    let hub: TableEventHub

    func run() async throws {
        try? await cancelWhenGracefulShutdown { await hub.run() }
    }
}
