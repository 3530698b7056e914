#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

extension Channel {
    /// Closes the connection at once with a reset, dropping what the kernel still holds to send:
    /// for a client that reads nothing, whose unsent bytes would otherwise stay in kernel memory
    /// (and the closing socket with them) until TCP gives up on it, minutes later.
    ///
    /// Call it on the channel's event loop, where the socket option is set before the close.
    func reset() {
        if let socket = self as? any SocketOptionProvider {
            _ = socket.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        }
        close(promise: nil)
    }
}
