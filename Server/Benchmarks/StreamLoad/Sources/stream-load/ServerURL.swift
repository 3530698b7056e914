import ArgumentParser
import NIOCore

/// A server's base URL, `http://host:port` (a path after it is ignored), as the client connects
/// to it: the socket address and the `Host` header its requests carry.
struct ServerURL: Sendable, ExpressibleByArgument, CustomStringConvertible {
    let host: String
    let port: Int
    let address: SocketAddress

    init?(argument: String) {
        guard argument.hasPrefix("http://") else { return nil }
        let rest = argument.dropFirst("http://".count).split(separator: "/", maxSplits: 1).first ?? ""
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
              (1...65535).contains(port) else { return nil }
        host = String(rest[..<colon])
        self.port = port
        guard let address = try? SocketAddress.makeAddressResolvingHost(host, port: port) else { return nil }
        self.address = address
    }

    /// The `Host` header's value.
    var hostHeader: String { "\(host):\(port)" }

    var description: String { "http://\(host):\(port)" }
}
