import NIOCore
import Synchronization

/// How many connections one client address may hold open at once: past the limit, a new
/// connection from it is closed as soon as it is accepted, so that one address cannot take the
/// places (``ServerSettings/maxConnections``) every other client needs.
///
/// Counted by the connection's peer address. Behind a proxy the server trusts, every
/// connection comes from the proxy, so no limit applies there (the proxy is where to limit
/// clients' connections).
final class ConnectionsPerClient: Sendable {
    /// Connections one address may hold; `nil` for no limit.
    let limit: Int?
    private let open = Mutex<[String: Int]>([:])

    init(limit: Int?) {
        self.limit = limit
    }

    /// Counts `channel` against its peer's limit until it closes; `false` (and nothing
    /// counted) when the peer already holds its limit.
    func admit(_ channel: any Channel) -> Bool {
        guard let limit, let address = channel.remoteAddress?.ipAddress else { return true }
        let admitted = open.withLock { open in
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
        guard admitted else { return false }
        channel.closeFuture.whenComplete { [self] _ in
            open.withLock { open in
                let count = open[address, default: 1] - 1
                open[address] = count > 0 ? count : nil
            }
        }
        return true
    }

    /// Connections `address` holds now.
    func count(of address: String) -> Int {
        open.withLock { $0[address, default: 0] }
    }
}
