public import ServiceLifecycle

/// Writes the collected log lines a few times a second, and the last ones when the server stops.
public struct LogFlushService: Service {
    let output: LogOutput
    let interval: Duration

    /// Flushes `output` every `interval`.
    public init(output: LogOutput = .standardError, interval: Duration = .milliseconds(100)) {
        self.output = output
        self.interval = interval
    }

    /// Flushes until a graceful shutdown or cancellation, then flushes once more.
    public func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            output.flush()
        }
        output.flush()
    }
}
