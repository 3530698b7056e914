/// The queue of a ``GroupCommit`` as a state machine, with no tasks, locks or clocks in it: which
/// waiting changes go together into which group, and when a group may start.
///
/// At most ``transactions`` groups are in flight, each of at most ``largestGroup`` changes. A
/// record is in at most one group in flight; its later changes wait for the next group, in the
/// order they arrived. When a group fails, the changes waiting for its records fail with it.
package struct GroupQueue<Item> {
    /// A change waiting for, or in, a group: the record it changes and what the driver keeps of
    /// it.
    package struct Change {
        /// The record's id.
        package let record: String
        /// The driver's change (its state change, its caller).
        package let item: Item

        package init(record: String, item: Item) {
            self.record = record
            self.item = item
        }
    }

    /// What ``end(_:failed:)`` hands back: the waiting changes that fail with a failed group,
    /// and the groups that may start now.
    package struct Ending {
        /// Changes that waited for the failed group's records, oldest first.
        package var failed: [Item]
        /// Groups that may start now, each to be served.
        package var start: [[Change]]
    }

    /// The most groups in flight at once.
    package let transactions: Int
    /// The most changes one group holds.
    package let largestGroup: Int
    /// Changes not yet in a group, oldest first.
    package private(set) var waiting: [Change] = []
    /// Groups in flight.
    package private(set) var inFlight = 0
    /// The records of the groups in flight.
    package private(set) var busy: Set<String> = []
    /// Groups ended so far.
    package private(set) var ended = 0
    /// The most changes one group has held.
    package private(set) var largestSeen = 0

    /// A queue with at most `transactions` groups in flight of at most `largestGroup` changes.
    package init(transactions: Int, largestGroup: Int) {
        precondition(transactions >= 1 && largestGroup >= 1)
        self.transactions = transactions
        self.largestGroup = largestGroup
    }

    /// Queues a change to `record`; returns the groups that may start now.
    package mutating func enqueue(record: String, _ item: Item) -> [[Change]] {
        waiting.append(Change(record: record, item: item))
        return takeGroups()
    }

    /// Ends a group that was in flight; when it `failed`, the changes waiting for its records
    /// fail too. Returns those and the groups that may start now.
    package mutating func end(_ group: [Change], failed: Bool) -> Ending {
        precondition(inFlight > 0, "a group ended that was not in flight")
        inFlight -= 1
        ended += 1
        largestSeen = max(largestSeen, group.count)
        let records = Set(group.map(\.record))
        busy.subtract(records)
        var failedItems: [Item] = []
        if failed {
            failedItems = waiting.filter { records.contains($0.record) }.map(\.item)
            waiting.removeAll { records.contains($0.record) }
        }
        return Ending(failed: failedItems, start: takeGroups())
    }

    /// Takes as many groups as may start now: each of the oldest waiting changes whose records
    /// are not in flight, keeping each record's changes in order.
    private mutating func takeGroups() -> [[Change]] {
        var groups: [[Change]] = []
        while inFlight < transactions, !waiting.isEmpty {
            var group: [Change] = []
            var rest: [Change] = []
            var records = Set<String>()
            for change in waiting {
                if group.count < largestGroup, !busy.contains(change.record) {
                    group.append(change)
                    records.insert(change.record)
                } else {
                    // A record's later changes stay behind its earlier ones: its record is in
                    // flight, or this group is full (and its records are in flight from now on).
                    rest.append(change)
                }
            }
            guard !group.isEmpty else { break }
            waiting = rest
            busy.formUnion(records)
            inFlight += 1
            groups.append(group)
        }
        return groups
    }
}

extension GroupQueue: Sendable where Item: Sendable {}
extension GroupQueue.Change: Sendable where Item: Sendable {}
extension GroupQueue.Ending: Sendable where Item: Sendable {}
