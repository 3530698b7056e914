import ServiceLifecycle

/// Waits, once the server stops, for the event streams served without a task to end: each
/// writes its end and closes (the connection rules reset any still open after the drain
/// timeout), and only then does the process go on to exit.
struct StreamDrainService: Service {
    let streams: OpenStreamConnections

    func run() async throws {
        try? await gracefulShutdown()
        await streams.allClosed()
    }
}
