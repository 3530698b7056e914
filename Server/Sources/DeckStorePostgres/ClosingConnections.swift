import NIOCore
import PostgresNIO
import Synchronization

/// The statements waiting on each open connection, told together when it closes: one callback
/// on a connection's `closeFuture` however many statements it runs, so that nothing piles up on
/// a pooled connection that lives for hours.
final class ClosingConnections: Sendable {
    /// A statement's watch, to end with ``forget(_:)``.
    struct Watch: Sendable {
        fileprivate let connection: ObjectIdentifier
        fileprivate let number: UInt64
    }

    private struct State {
        var next: UInt64 = 0
        var waiting: [ObjectIdentifier: [UInt64: @Sendable () -> Void]] = [:]
    }

    /// The one registry of the process.
    static let shared = ClosingConnections()

    private let state = Mutex(State())

    /// Calls `onClose` when `connection` closes (soon, when it has closed already), unless the
    /// watch was forgotten first.
    func watch(_ connection: PostgresConnection, _ onClose: @escaping @Sendable () -> Void) -> Watch {
        let key = ObjectIdentifier(connection)
        let (number, first) = state.withLock { state -> (UInt64, Bool) in
            state.next += 1
            let first = state.waiting[key] == nil
            state.waiting[key, default: [:]][state.next] = onClose
            return (state.next, first)
        }
        if first {
            connection.closeFuture.whenComplete { [self] _ in
                let waiting = state.withLock { $0.waiting.removeValue(forKey: key) } ?? [:]
                for onClose in waiting.values { onClose() }
            }
        }
        return Watch(connection: key, number: number)
    }

    /// Ends a watch: its statement was answered.
    func forget(_ watch: Watch) {
        state.withLock { state in _ = state.waiting[watch.connection]?.removeValue(forKey: watch.number) }
    }
}
