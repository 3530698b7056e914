public import Foundation

/// The application layer: every deck and game operation the API offers, on library values.
///
/// It knows nothing of HTTP or SQL: requests arrive as typed values, answers leave as views,
/// refusals as ``ServiceError``, and records go through a ``RecordStore``. Every change is one
/// store transaction, so a refused request changes nothing and concurrent requests on one deck
/// are serialised.
public struct DeckService: Sendable {
    /// Where decks and games are kept.
    let store: any RecordStore
    /// The bounds on what one request may ask for.
    public let limits: Limits
    /// The current time, for records' last-change times and game turns.
    public let now: @Sendable () -> Date
    /// Where table changes and signals are announced, and this server's event streams of
    /// tables.
    public let events: TableEvents

    /// The bounds on what one request may ask for.
    public struct Limits: Sendable, Hashable {
        /// Decks in one shoe (`deck_count`).
        public var decksPerShoe: ClosedRange<Int> = 1...20
        /// Cards one deck may hold, in its deck and piles together: 20 decks with jokers. Cards
        /// only move between a deck and its piles, so a deck made within it stays within it.
        public var cardsPerDeck = 20 * 54
        /// Piles one deck may have.
        public var pilesPerDeck = 64
        /// The longest pile name, in UTF-8 bytes.
        public var pileNameBytes = 64
        /// The longest client seed of a provably fair deck, in UTF-8 bytes.
        public var clientSeedBytes = 256
        /// Seats at a card table.
        public var seatsPerTable: ClosedRange<Int> = 2...8
        /// Decks in a card table's shoe.
        public var decksPerTable: ClosedRange<Int> = 1...8
        /// The length of a player's name, in characters.
        public var playerNameLength: ClosedRange<Int> = 1...32
        /// How long a seat's hold of a stack on the free-form table lasts unless renewed (a
        /// dragging page renews it every 2 s). Longer holds let players on slow links drag; a
        /// stack a player let go of without dropping stays held as long.
        public var holdDuration: TimeInterval = Tabletop.holdDuration

        /// The defaults.
        public init() {}
    }

    /// A service over `store`, announcing table changes through `tableFeed` (by default to this
    /// process only, which is right for a store no other server shares), with event streams of
    /// these `streams` settings, whose keep-alives and drags are timed by `streamClock`.
    public init(
        store: any RecordStore, limits: Limits = Limits(), tableFeed: any TableChangeFeed = LocalTableFeed(),
        streams: TableEvents.Settings = TableEvents.Settings(), streamClock: EventClock = .continuous,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.limits = limits
        self.now = now
        // The streams' tables are only looked at: their undo steps (up to 20 a seat, most of a
        // busy table's size) are left out, which 1,600 watched tables would keep in memory.
        events = TableEvents(feed: tableFeed, settings: streams, now: now, clock: streamClock) { id in
            try await Self.loadTable(id, from: store, keepingUndo: false)
        }
    }

    /// Deletes decks, games and tables left unchanged for `idleTime` seconds, and background
    /// images no table shows that were last stored over 10 minutes ago; returns how many.
    public func deleteIdleRecords(idleTime: TimeInterval) async throws -> Int {
        let now = now()
        return try await store.deleteRecords(changedBefore: now.addingTimeInterval(-idleTime), imagesStoredBefore: now.addingTimeInterval(-Self.imageGrace))
    }

    /// How long an image no table shows is kept after it was last stored: far longer than an
    /// upload takes, and than any difference between the clocks of servers and database.
    static let imageGrace: TimeInterval = 600

    /// The idle-record job, run once per `interval` seconds across every server sharing the
    /// store: deletes decks and games left unchanged for `idleTime` seconds and returns how
    /// many, or returns `nil` when another server ran the job within the interval.
    public func runIdleRecordJob(idleTime: TimeInterval, every interval: TimeInterval) async throws -> Int? {
        guard try await store.claimJob("delete idle records", every: interval) else { return nil }
        return try await deleteIdleRecords(idleTime: idleTime)
    }

    /// Throws ``ServiceError`` (`unavailable`) when the store cannot take changes now.
    public func checkHealth() async throws {
        try await store.checkHealth()
    }

    /// How many decks, games and tables are stored.
    public func storedCounts() async throws -> StoredCounts {
        StoredCounts(decks: try await store.count(.deck), games: try await store.count(.memoryGame),
                     tables: try await store.count(.table))
    }
}
