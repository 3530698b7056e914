public import PlayingCards

/// What changed between two views of a table for the same viewer: the stacks that are new or
/// changed (whole), the ids of those gone, and the seats, hand and seeded flag when they
/// changed. Applied to the view at ``from`` it gives the view at ``version``.
///
/// It is the difference of two ``TabletopView``s, so it shows nothing the views do not.
public struct TabletopDelta: Sendable, Hashable {
    /// The version of the view it applies to.
    public var from: Int
    /// The version it brings the view to.
    public var version: Int
    /// The stacks new or changed since ``from``, whole, in the table's order.
    public var stacks: [TabletopView.Stack]
    /// The ids of the stacks gone since ``from``.
    public var removed: [String]
    /// Every seat, when any seat changed (a name, a hand's size); `nil` when none did.
    public var seats: [TabletopView.Seat]?
    /// The viewer's hand, when it changed; `nil` when it did not.
    public var hand: [PlayingCard]?
    /// Whether the deck's order is known to a seed's chooser, when that changed.
    public var seeded: Bool?
    /// The felt, the creator's seat and the watch link as the new view has them, when any of
    /// them changed; `nil` when none did.
    public var settings: Settings?

    /// The creator's settings as a view shows them.
    public struct Settings: Sendable, Hashable {
        /// The felt's colour and background.
        public var felt: TabletopView.Felt
        /// The creator's seat, while they sit there.
        public var creatorSeat: Int?
        /// The watch link's key, for the creator's eyes only.
        public var watchKey: String?
    }

    /// The change from `old` to `new`; `nil` when they are not of the same table and viewer,
    /// or `new` is not newer.
    package init?(from old: TabletopView, to new: TabletopView) {
        guard old.id == new.id, old.viewerSeat == new.viewerSeat, old.version < new.version else { return nil }
        from = old.version
        version = new.version
        let before = Dictionary(old.stacks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        stacks = new.stacks.filter { before[$0.id] != $0 }
        let after = Set(new.stacks.map(\.id))
        removed = old.stacks.map(\.id).filter { !after.contains($0) }
        seats = old.seats == new.seats ? nil : new.seats
        hand = old.hand == new.hand ? nil : new.hand
        seeded = old.seeded == new.seeded ? nil : new.seeded
        let changed = old.felt != new.felt || old.creatorSeat != new.creatorSeat || old.watchKey != new.watchKey
        settings = changed ? Settings(felt: new.felt, creatorSeat: new.creatorSeat, watchKey: new.watchKey) : nil
    }
}
