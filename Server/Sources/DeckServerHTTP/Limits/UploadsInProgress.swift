import Synchronization

/// The uploads whose files are being received, decoded or stored: at most ``total`` at once
/// server-wide and ``perClient`` from one client address. Uploads so hold at most ``total``
/// times a file's limit in memory, and one address cannot take every place.
final class UploadsInProgress: Sendable {
    /// Why an upload found no place.
    enum Refusal: Equatable {
        /// The server holds ``total`` uploads already.
        case serverFull(total: Int)
        /// The client's address holds ``perClient`` uploads already.
        case clientFull(perClient: Int)
    }

    let total: Int
    let perClient: Int
    private let counts = Mutex<(total: Int, byClient: [String: Int])>((0, [:]))

    init(total: Int, perClient: Int) {
        self.total = total
        self.perClient = perClient
    }

    /// Takes a place for an upload from `client`, which ``leave(_:)`` gives back; or, taking
    /// none, says why not.
    func enter(_ client: String) -> Refusal? {
        counts.withLock { counts in
            let mine = counts.byClient[client, default: 0]
            if mine >= perClient { return .clientFull(perClient: perClient) }
            if counts.total >= total { return .serverFull(total: total) }
            counts.total += 1
            counts.byClient[client] = mine + 1
            return nil
        }
    }

    /// Gives back the place an upload from `client` took.
    func leave(_ client: String) {
        counts.withLock { counts in
            counts.total -= 1
            let mine = counts.byClient[client, default: 1] - 1
            counts.byClient[client] = mine > 0 ? mine : nil
        }
    }

    /// Uploads in progress now, server-wide.
    var count: Int { counts.withLock { $0.total } }
}
