import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request written byte for byte on a plain TCP connection: for what an HTTP client library
/// will not send (no `Host`, two of them, a malformed one).
enum RawHTTP {
    /// Sends `request` to 127.0.0.1:`port` and returns everything the server wrote until it
    /// closed the connection or `timeout` passed.
    static func exchange(port: Int, _ request: String, timeout: Duration = .seconds(10)) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerProcessError(message: "socket() failed: errno \(errno)") }
        defer { close(socket) }
        var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ServerProcessError(message: "connect() to port \(port) failed: errno \(errno)") }
        let bytes = Array(request.utf8)
        guard send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw ServerProcessError(message: "send() failed: errno \(errno)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The status code of the first answer in `response`, such as 400.
    static func status(_ response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        return parts.count > 1 ? Int(parts[1]) : nil
    }
}

extension ServerProcess {
    /// The port the server listens on.
    var port: Int { Int(baseURL.split(separator: ":").last ?? "") ?? 0 }
}
