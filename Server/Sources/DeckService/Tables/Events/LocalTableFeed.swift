import Synchronization

/// The feed of a server whose store no other server shares: an announcement goes straight to
/// this process's listener.
public final class LocalTableFeed: TableChangeFeed {
    /// The listener, in a box: a closure kept in a generic `Mutex` and read back through
    /// `withLock` is re-wrapped in conversion thunks, which piled up into most of a busy
    /// server's CPU (seen with perf at 3,000 drags a second); a class reference is not.
    private final class Listener: Sendable {
        let receive: @Sendable (TableNotice) -> Void

        init(_ receive: @escaping @Sendable (TableNotice) -> Void) {
            self.receive = receive
        }
    }

    private let listener = Mutex<Listener?>(nil)

    /// A feed with no listener yet.
    public init() {}

    public func announce(table id: String, version: Int, record: [UInt8]?) async {
        let listener = listener.withLock { $0 }
        listener?.receive(.changed(id: id, version: version, record: record))
    }

    public func send(_ signal: TableSignal, table id: String) async {
        let listener = listener.withLock { $0 }
        listener?.receive(.signal(id: id, signal))
    }

    /// Sends `signal`: this process's listener, the only one, has heard it on return.
    public func deliver(_ signal: TableSignal, table id: String) async {
        await send(signal, table: id)
    }

    public func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {
        listener.withLock { $0 = Listener(receive) }
        receive(.mayHaveMissed)
        // Held until cancelled: the listener stays registered for the feed's life.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        listener.withLock { $0 = nil }
    }
}
