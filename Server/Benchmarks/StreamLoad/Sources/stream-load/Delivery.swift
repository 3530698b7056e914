/// How the answered changes reached the streams, computed as the Python benchmark did: for
/// every answered change and every reading stream of its table, the time from the answer to the
/// first event whose version is at least the change's (a stream that fell behind gets only the
/// newest view), 0 when that event came first.
struct Delivery: Codable, Sendable {
    /// (change, stream) pairs: expected, with a sample, seen only through a later version, never seen.
    var pairs = 0
    var samples = 0
    var seenThroughLater = 0
    var unseen = 0
    var p50Milliseconds = Double.nan
    var p99Milliseconds = Double.nan
    var maxMilliseconds = Double.nan
    /// Reading streams that the server closed while the client still read them.
    var droppedStreams = 0
    /// Silent streams the server closed (it resets a client that takes no bytes for long).
    var silentClosed = 0

    init() {}

    init(answers: [AnsweredChange], streams: [StreamSnapshot], tables: Int) {
        var byTable = [[Int]](repeating: [], count: tables)
        for (index, stream) in streams.enumerated() where stream.reading { byTable[stream.table].append(index) }
        var latencies: [UInt64] = []
        latencies.reserveCapacity(answers.count * (byTable.first?.count ?? 1))
        for answer in answers {
            for index in byTable[answer.table] {
                pairs += 1
                let versions = streams[index].versions
                let at = Self.firstIndex(in: versions, atLeast: answer.version)
                guard at < versions.count else {
                    unseen += 1
                    continue
                }
                if versions[at] != answer.version { seenThroughLater += 1 }
                let arrived = streams[index].times[at]
                latencies.append(arrived > answer.time ? arrived - answer.time : 0)
            }
        }
        samples = latencies.count
        latencies.sort()
        p50Milliseconds = Self.percentile(latencies, 0.5)
        p99Milliseconds = Self.percentile(latencies, 0.99)
        maxMilliseconds = latencies.last.map { Double($0) / 1e6 } ?? .nan
        droppedStreams = streams.filter { $0.reading && $0.dropped }.count
        silentClosed = streams.filter { !$0.reading && $0.dropped }.count
    }

    /// The value at `fraction` of the sorted nanoseconds, in milliseconds (the Python rule:
    /// the element at ⌊fraction × n⌋).
    static func percentile(_ sorted: [UInt64], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return Double(sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count)))]) / 1e6
    }

    /// The first index of the ascending `values` whose value is at least `target` (bisect_left).
    static func firstIndex<T: Comparable>(in values: [T], atLeast target: T) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The events the reading streams received from `start` to `end`.
    static func events(in streams: [StreamSnapshot], from start: UInt64, to end: UInt64) -> Int {
        streams.reduce(0) { total, stream in
            guard stream.reading else { return total }
            return total + firstIndex(in: stream.times, atLeast: end + 1) - firstIndex(in: stream.times, atLeast: start)
        }
    }
}
