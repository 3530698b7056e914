import Foundation

/// What the kernel holds on a loopback TCP connection, read from `/proc/net/tcp`: for tests of
/// clients that read nothing, which must know the server's buffers are full before they go on,
/// and of connections the server has not taken, whose requests wait unread.
enum SocketQueues {
    /// The bytes queued to send (sent and unacknowledged, or not yet sent) on the socket whose
    /// local port is `localPort` and whose peer's port is `remotePort`; `nil` when there is no
    /// such connection.
    static func unsent(localPort: Int, remotePort: Int) -> Int? {
        queues(localPort: localPort, remotePort: remotePort)?.send
    }

    /// The bytes received and not yet read on the socket whose local port is `localPort` and
    /// whose peer's port is `remotePort`; `nil` when there is no such connection.
    static func unread(localPort: Int, remotePort: Int) -> Int? {
        queues(localPort: localPort, remotePort: remotePort)?.receive
    }

    private static func queues(localPort: Int, remotePort: Int) -> (send: Int, receive: Int)? {
        // Read to its end: String(contentsOfFile:) gets only the first page of a /proc file.
        guard let handle = FileHandle(forReadingAtPath: "/proc/net/tcp"),
              let data = try? handle.readToEnd() else { return nil }
        try? handle.close()
        let table = String(decoding: data, as: UTF8.self)
        for line in table.split(separator: "\n").dropFirst() {
            // sl local_address rem_address st tx_queue:rx_queue …, addresses as HEXIP:HEXPORT.
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 4, port(fields[1]) == localPort, port(fields[2]) == remotePort else { continue }
            let sizes = fields[4].split(separator: ":").compactMap { Int($0, radix: 16) }
            guard sizes.count == 2 else { return nil }
            return (sizes[0], sizes[1])
        }
        return nil
    }

    private static func port(_ address: Substring) -> Int? {
        address.split(separator: ":").last.flatMap { Int($0, radix: 16) }
    }
}
