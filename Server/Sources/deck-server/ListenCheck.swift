import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Checks that the server can listen where it is told to, before it does anything else.
enum ListenCheck {
    /// Binds a listening socket to `host:port` and closes it again.
    ///
    /// - Throws: ``Refusal`` saying why the address cannot be listened on.
    static func bind(host: String, port: Int) async throws(Refusal) {
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port).get()
            try? await channel.close()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Refusal(reason: "the port is already in use (is another server running on it?)")
        } catch let error as IOError where error.errnoCode == EACCES {
            throw Refusal(reason: "permission denied (ports below 1024 need privileges)")
        } catch {
            throw Refusal(reason: "\(error)")
        }
    }

    /// Why the server cannot listen where it was told to.
    struct Refusal: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
