import Foundation

/// A table as its event streams are told of it: the table read at one version, the one they
/// were told of before (to tell what changed), and when it was read (for holds that ran out).
///
/// One snapshot goes to every stream of the table, so what the streams send of it can be
/// encoded once per audience, not once per stream (the HTTP side keeps the bytes, by the
/// snapshot's identity).
public final class TableSnapshot: Sendable {
    /// The table's id.
    public let id: String
    let table: Tabletop
    let previous: Tabletop?
    /// When ``previous`` was read: its holds are judged at that time, as its streams were told.
    let previousTime: Date?
    let time: Date

    init(id: String, table: Tabletop, previous: (table: Tabletop, time: Date)?, time: Date) {
        self.id = id
        self.table = table
        let previous = previous.flatMap { $0.table.version < table.version ? $0 : nil }
        self.previous = previous?.table
        previousTime = previous?.time
        self.time = time
    }

    /// The table's version.
    public var version: Int { table.version }

    /// The version of the table the streams were told of before this one; `nil` for the first.
    public var previousVersion: Int? { previous?.version }

    /// The free-form view for the player in seat `viewer`, or for a watcher when `nil`.
    public func view(for viewer: Int?) -> TabletopView {
        TabletopView(id: id, table: table, viewer: viewer, holdsAt: time)
    }

    /// What changed since ``previousVersion`` for `viewer`; `nil` for the first snapshot, or
    /// when the viewer held no such seat before.
    public func delta(for viewer: Int?) -> TabletopDelta? {
        guard let previous, viewer.map({ previous.seats.indices.contains($0 - 1) }) ?? true else { return nil }
        return TabletopDelta(
            from: TabletopView(id: id, table: previous, viewer: viewer, holdsAt: previousTime ?? time), to: view(for: viewer))
    }

    /// The fixed-layout view (deck, piles and hands) for `viewer`.
    public func tableView(for viewer: Int?) -> TableView {
        TableView(id: id, table: table, viewer: viewer)
    }
}
