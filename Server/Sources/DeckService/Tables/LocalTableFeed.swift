import Synchronization

/// The feed of a server whose store no other server shares: an announcement goes straight to
/// this process's listener.
public final class LocalTableFeed: TableChangeFeed {
    private let listener = Mutex<(@Sendable (TableNotice) -> Void)?>(nil)

    /// A feed with no listener yet.
    public init() {}

    public func announce(table id: String, version: Int) async {
        let receive = listener.withLock { $0 }
        receive?(.changed(id: id, version: version))
    }

    public func send(_ signal: TableSignal, table id: String) async {
        let receive = listener.withLock { $0 }
        receive?(.signal(id: id, signal))
    }

    public func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {
        listener.withLock { $0 = receive }
        // Held until cancelled: the listener stays registered for the feed's life.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        listener.withLock { $0 = nil }
    }
}
