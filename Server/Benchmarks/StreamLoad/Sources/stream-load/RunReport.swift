/// Everything one run measured, written as JSON with `--json` for the Python driver.
struct RunReport: Codable, Sendable {
    /// `streams`, `soak` or `heavy`.
    var mode: String
    var streamServers: [String]
    var loadServers: [String]
    var tables = 0
    var readingStreams = 0
    var silentStreams = 0
    var sourceAddresses = 0
    var setupSeconds = 0.0
    var openSeconds = 0.0
    var load: LoadFigures?
    var delivery = Delivery()
    var memory: [InstanceMemory] = []
    /// (With the streams − before) over the streams, all instances together, in KiB.
    var perStreamKiB: Double?
    /// The servers' resident size during the load, every `--sample-seconds`.
    var rssSamples: [RSSSample] = []
    var cpu: CPUFigures?
    var soak: SoakFigures?
    var heavy: HeavyFigures?
}

/// The paced load as it ran.
struct LoadFigures: Codable, Sendable {
    var scheduled: Int
    var sent: Int
    var answered: Int
    var refused: Int
    var firstRefusal: String?
    var seconds: Double
    var perSecond: Double
    /// How late changes were sent after their scheduled time.
    var latenessP99Milliseconds: Double
    var latenessMaxMilliseconds: Double

    init(_ outcome: LoadOutcome) {
        scheduled = outcome.scheduled
        sent = outcome.sent
        answered = outcome.answers.count
        refused = outcome.refused
        firstRefusal = outcome.firstRefusal
        seconds = Double(outcome.ended - outcome.started) / 1e9
        perSecond = Double(answered) / max(seconds, 1e-9)
        let lateness = outcome.lateness.sorted()
        latenessP99Milliseconds = Delivery.percentile(lateness, 0.99)
        latenessMaxMilliseconds = lateness.last.map { Double($0) / 1e6 } ?? 0
    }
}

/// One server's resident size before the streams and with them open.
struct InstanceMemory: Codable, Sendable {
    var server: String
    var pid: Int32
    var streams: Int
    var beforeKiB: Int
    var withStreamsKiB: Int
    var perStreamKiB: Double
}

/// The servers' resident sizes (KiB, in `--server-pid` order) some seconds into the load.
struct RSSSample: Codable, Sendable {
    var seconds: Double
    var kib: [Int]
}

/// The soak's memory: each server's resident size at minute 2 and at the end, and the change.
struct SoakFigures: Codable, Sendable {
    var minutes: Double
    var minute2KiB: [Int]
    var endKiB: [Int]
    var changePercent: [Double]

    init?(samples: [RSSSample], minutes: Double) {
        guard let atTwo = samples.first(where: { $0.seconds >= 120 }), let end = samples.last else { return nil }
        self.minutes = minutes
        minute2KiB = atTwo.kib
        endKiB = end.kib
        changePercent = zip(atTwo.kib, end.kib).map { Double($1 - $0) * 100 / Double(max($0, 1)) }
    }
}

/// The heavy table's case: draws on a plain deck without the watchers and with them.
struct HeavyFigures: Codable, Sendable {
    var viewBytes: Int
    var watchers: Int
    var changesPerSecond: Double
    var drawConnections: Int
    var withoutWatchers: DrawFigures
    var withWatchers: DrawFigures
    /// The draws' rate with the watchers over the rate without.
    var rateRatio: Double
}
