import DeckService
import Synchronization

/// The places for event streams this server holds, in all (`--max-streams`) and by client
/// address (`--max-streams-per-client`): a stream takes one before it is opened, and its place
/// comes back when it closes, whoever closes it. The service opens whatever it is asked to;
/// how many a server takes, and from whom, is decided here.
final class StreamPlaces: Sendable {
    /// The most streams open at once.
    let maxStreams: Int
    /// The most streams open at once for one client address; `nil` for no limit.
    let maxStreamsPerClient: Int?
    private let taken = Mutex<(all: Int, byClient: [String: Int])>((0, [:]))

    init(maxStreams: Int, maxStreamsPerClient: Int?) {
        self.maxStreams = maxStreams
        self.maxStreamsPerClient = maxStreamsPerClient
    }

    /// The streams open, or being opened.
    var open: Int { taken.withLock { $0.all } }

    /// The streams open, or being opened, for `client`.
    func open(of client: String) -> Int { taken.withLock { $0.byClient[client] ?? 0 } }

    /// Takes a place for a stream of `client`.
    ///
    /// - Throws: ``ServiceError``: (`tooMany`) when `client` holds its limit, (`unavailable`) when
    ///   every place is taken.
    func take(for client: String) throws(ServiceError) {
        try taken.withLock { taken throws(ServiceError) in
            if let limit = maxStreamsPerClient, taken.byClient[client, default: 0] >= limit {
                throw ServiceError(
                    .tooMany, .eventStreams, "from this address are at the limit of \(limit) open at once",
                    allowed: "close one of them, or try again once one has ended")
            }
            guard taken.all < maxStreams else {
                throw ServiceError(
                    .unavailable, .eventStreams, "are all in use: this server holds \(maxStreams) at once",
                    allowed: "try again in a few seconds")
            }
            taken.all += 1
            taken.byClient[client, default: 0] += 1
        }
    }

    /// Gives back the place of a stream of `client`.
    func giveBack(for client: String) {
        taken.withLock { taken in
            taken.all -= 1
            let left = (taken.byClient[client] ?? 1) - 1
            taken.byClient[client] = left > 0 ? left : nil
        }
    }
}
