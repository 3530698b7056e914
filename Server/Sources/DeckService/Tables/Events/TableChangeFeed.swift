/// Where committed table changes and passing signals are announced, so that every server
/// holding an event stream of the table hears of them: in process for a store no other server
/// shares, through the database for one that many servers share.
public protocol TableChangeFeed: Sendable {
    /// Announces that the table `id` reached `version`, stored as `record` when the caller has
    /// the bytes it committed (the feed may pass them on, or only the version). Called after
    /// the change was committed; never throws: a notice the feed cannot deliver is logged, and
    /// the table's streams catch up with its next change or the feed's next
    /// ``TableNotice/mayHaveMissed``.
    func announce(table id: String, version: Int, record: [UInt8]?) async

    /// Sends `signal` of the table `id` to every server's listener. Never throws: a signal is
    /// a passing thing, and one the feed cannot deliver is dropped.
    func send(_ signal: TableSignal, table id: String) async

    /// Sends `signal` of the table `id` as ``send(_:table:)`` does, and returns once every
    /// server listening has heard it, or once one of them has not said so for long enough to be
    /// thought gone. A hold that passes to another seat, or a release, goes this way: a server
    /// that had not heard it would still let the old holder drag.
    func deliver(_ signal: TableSignal, table id: String) async

    /// Calls `receive` with every notice announced through the feed by any server, this one
    /// included, until the task is cancelled; first with ``TableNotice/mayHaveMissed`` once it
    /// hears. One listener per feed.
    func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async
}
