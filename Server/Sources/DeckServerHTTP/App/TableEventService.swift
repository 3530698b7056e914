import DeckService
import ServiceLifecycle

/// Runs the table events beside the HTTP server: they hear the change feed and post tables and
/// signals to the open event streams until the server stops.
struct TableEventService: Service {
    let events: TableEvents

    func run() async throws {
        await cancelWhenGracefulShutdown { await events.run() }
    }
}
