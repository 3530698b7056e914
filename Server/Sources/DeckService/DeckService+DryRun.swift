extension DeckService {
    /// A service that answers every operation as this one would, from the same store, but
    /// saves and announces nothing: for requests that must say what a change would answer
    /// without making it.
    public var dryRun: DeckService {
        DeckService(store: DryRunRecordStore(base: store), limits: limits, tableFeed: SilentTableFeed(), now: now)
    }
}
