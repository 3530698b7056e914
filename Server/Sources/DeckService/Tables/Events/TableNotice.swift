/// What a server hears from a ``TableChangeFeed``.
public enum TableNotice: Sendable, Hashable {
    /// A change to the table `id` was committed; the table is now at `version`, and `record`,
    /// when the feed carries it, is the table as stored then, so that it needs no read.
    case changed(id: String, version: Int, record: [UInt8]?)
    /// Something passed at the table `id` that changed no card (see ``TableSignal``).
    case signal(id: String, TableSignal)
    /// The feed hears again, and notices may have been lost before (it started or reconnected):
    /// every watched table should be read again, and nothing heard before trusted.
    case mayHaveMissed
    /// The feed stopped hearing (its connection was lost): until the next ``mayHaveMissed``,
    /// changes and signals pass unheard.
    case listenerLost
}
