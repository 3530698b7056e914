import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the server, written byte for byte: for what an HTTP client library
/// will not send (no `Host`, two of them, half a request, a malformed chunk) and for watching
/// when the server closes.
package final class RawConnection: Sendable {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port`, from the loopback address `source` (any of 127.0.0.0/8:
    /// another client, as the server counts them); with `receiveBuffer`, the socket's receive
    /// buffer is that small (set before connecting, so that the window the server sees is
    /// small too): for a client that reads nothing and should fill the server's buffers soon.
    package init(port: Int, source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        // Close-on-exec: a server process another test starts meanwhile must not inherit the
        // socket, or closing it here would not end the connection.
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw ServerProcessError(message: "socket() failed: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(socket)
            throw ServerProcessError(message: "bind() to \(source) failed: errno \(errno)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw ServerProcessError(message: "connect() to port \(port) failed: errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Whether the server has not closed the connection yet (nothing is read from it).
    package var isOpen: Bool {
        var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&poll, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK)) > 0
    }

    /// Ends the connection both ways at once, as a client that goes away does.
    package func hangUp() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Ends the client's side of the connection (a half-close): the server reads its end, and
    /// may still write.
    package func shutDownWriting() {
        shutdown(socket, Int32(SHUT_WR))
    }

    /// The connection's local port, which the server sees as the client's.
    package var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Writes `text` as it is.
    package func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw ServerProcessError(message: "send() failed: errno \(errno)")
        }
    }

    /// Reads until the server closes the connection or `timeout` passes; returns what it
    /// wrote and whether it closed.
    package func readUntilClosed(timeout: Duration = .seconds(60)) async -> (text: String, closed: Bool) {
        await onOwnThread { self.blockingReadUntilClosed(timeout: timeout) }
    }

    /// Reads until what the server wrote contains `marker`, the server closes the connection,
    /// or `timeout` passes; returns what it wrote.
    package func read(until marker: String, timeout: Duration = .seconds(60)) async -> String {
        await onOwnThread { self.blockingReadUntilClosed(timeout: timeout, marker: marker).text }
    }

    /// Reads one answer whose body length is given by `Content-Length`, leaving the
    /// connection open.
    package func readAnswer(timeout: Duration = .seconds(60)) async -> String {
        await onOwnThread { self.blockingReadAnswer(timeout: timeout) }
    }

    /// ``readUntilClosed(timeout:)``, on the calling thread.
    /// With a `marker`, it stops as soon as the text contains it.
    private func blockingReadUntilClosed(timeout: Duration, marker: String? = nil) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard Glibc.poll(&poll, 1, milliseconds) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// ``readAnswer(timeout:)``, on the calling thread.
    private func blockingReadAnswer(timeout: Duration) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + timeout
        let headEnd = Array("\r\n\r\n".utf8)
        while ContinuousClock.now < deadline {
            // Counted in bytes: a binary body does not survive decoding as UTF-8 byte for byte.
            if let end = received.indices.first(where: { received[$0...].starts(with: headEnd) }) {
                let head = String(decoding: received[..<end], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - (end + headEnd.count) >= length { return String(decoding: received, as: UTF8.self) }
            }
            var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, 100) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// One request on a fresh connection, and everything the server wrote until it closed.
package enum RawHTTP {
    /// Sends `request` to 127.0.0.1:`port` and returns everything the server wrote until it
    /// closed the connection or `timeout` passed.
    package static func exchange(port: Int, _ request: String, timeout: Duration = .seconds(60)) async throws -> String {
        let connection = try RawConnection(port: port)
        try connection.send(request)
        return await connection.readUntilClosed(timeout: timeout).text
    }

    /// The status code of the first answer in `response`, such as 400.
    package static func status(_ response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        return parts.count > 1 ? Int(parts[1]) : nil
    }
}

extension ServerProcess {
    /// The port the server listens on.
    package var port: Int { Int(baseURL.split(separator: ":").last ?? "") ?? 0 }
}
