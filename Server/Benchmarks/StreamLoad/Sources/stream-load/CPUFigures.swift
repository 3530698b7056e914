import NIOCore

/// The CPU times at one moment: the servers' (from `/proc`), the client's whole process and
/// each of its event-loop threads.
struct CPUMark: Sendable {
    var time: UInt64
    var servers: [Double]
    var process: Double
    var loops: [Double]

    /// Reads them now; each loop's own time is read on that loop.
    static func now(pids: [Int32], loops: [EventLoop]) async throws -> CPUMark {
        var threads: [Double] = []
        for loop in loops {
            threads.append(try await loop.submit { ProcessProbe.ownCPUSeconds(thread: true) }.get())
        }
        return CPUMark(time: Clock.now(), servers: pids.map { ProcessProbe.cpuSeconds($0) ?? .nan },
                       process: ProcessProbe.ownCPUSeconds(), loops: threads)
    }
}

/// The CPU spent over a window: the servers' per delivered event, and the client's own, in
/// cores and per event; the client is saturated when it used 90 % or more of the threads it
/// runs its loops on, or one loop thread was 90 % busy or more.
struct CPUFigures: Codable, Sendable {
    var windowSeconds: Double
    var serverSeconds: [Double]
    var eventsDelivered: Int
    var serverMicrosecondsPerEvent: Double
    /// The client's process (RUSAGE_SELF), in cores over the window, and per event.
    var clientCores: Double
    var clientMicrosecondsPerEvent: Double
    /// Each event-loop thread's busy share of the window (with several, the load's is last).
    var loopBusy: [Double]
    var clientSaturated: Bool

    init(from start: CPUMark, to end: CPUMark, events: Int) {
        let window = Double(end.time - start.time) / 1e9
        windowSeconds = window
        serverSeconds = zip(start.servers, end.servers).map { $1 - $0 }
        eventsDelivered = events
        serverMicrosecondsPerEvent = serverSeconds.reduce(0, +) * 1e6 / Double(max(events, 1))
        let client = end.process - start.process
        clientCores = client / window
        clientMicrosecondsPerEvent = client * 1e6 / Double(max(events, 1))
        let busy = zip(start.loops, end.loops).map { ($1 - $0) / window }
        loopBusy = busy
        clientSaturated = client / window >= 0.9 * Double(busy.count) || busy.contains { $0 >= 0.9 }
    }
}
