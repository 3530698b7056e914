import DeckStorePostgres
import PropertyBased
import Testing

/// The group commit's queue as a state machine: which changes go together, in what order, and
/// what fails with a failed group.
@Suite("Group queue")
struct GroupQueueTests {
    typealias Queue = GroupQueue<Int>

    @Test("a record's changes go one group at a time, in order; other records' changes join the group in flight's successor")
    func recordsInOrder() {
        var queue = Queue(transactions: 1, largestGroup: 8)
        let first = queue.enqueue(record: "a", 1)
        #expect(first.map { $0.map(\.item) } == [[1]])
        #expect(queue.enqueue(record: "a", 2).isEmpty, "one group in flight at most")
        #expect(queue.enqueue(record: "b", 3).isEmpty)
        #expect(queue.enqueue(record: "a", 4).isEmpty)
        let ending = queue.end(first[0], failed: false)
        #expect(ending.failed.isEmpty)
        #expect(ending.start.map { $0.map(\.item) } == [[2, 3, 4]], "a's changes in order, with b's")
        #expect(queue.busy == ["a", "b"])
    }

    @Test("with two groups in flight, a record busy in one has its changes wait, not go into the other")
    func busyRecordsWait() {
        var queue = Queue(transactions: 2, largestGroup: 8)
        let first = queue.enqueue(record: "a", 1)
        let second = queue.enqueue(record: "a", 2)
        #expect(second.isEmpty, "a is in flight")
        let third = queue.enqueue(record: "b", 3)
        #expect(third.map { $0.map(\.item) } == [[3]])
        #expect(queue.end(first[0], failed: false).start.map { $0.map(\.item) } == [[2]])
    }

    @Test("a full group leaves the rest waiting, in order")
    func largestGroup() {
        var queue = Queue(transactions: 1, largestGroup: 2)
        let first = queue.enqueue(record: "x", 0)
        for (index, record) in ["a", "b", "c", "a"].enumerated() { _ = queue.enqueue(record: record, index + 1) }
        let next = queue.end(first[0], failed: false).start
        #expect(next.map { $0.map(\.item) } == [[1, 2]])
        #expect(queue.waiting.map(\.item) == [3, 4])
        #expect(queue.end(next[0], failed: false).start.map { $0.map(\.item) } == [[3, 4]])
        #expect(queue.largestSeen == 2)
    }

    @Test("a failed group fails the changes waiting for its records, and only those")
    func failureSpreads() {
        var queue = Queue(transactions: 1, largestGroup: 8)
        let first = queue.enqueue(record: "a", 1)
        _ = queue.enqueue(record: "a", 2)
        _ = queue.enqueue(record: "b", 3)
        let ending = queue.end(first[0], failed: true)
        #expect(ending.failed == [2])
        #expect(ending.start.map { $0.map(\.item) } == [[3]])
    }

    /// One step of a script: a change to one of a few records, or the end of a group in flight.
    enum Step {
        case change(record: Int)
        case end(group: Int, failed: Bool)
    }

    @Test("whatever arrives and ends when: every change is answered exactly once, a failure fails what waited for its records, a record's changes commit in order, no record is in two groups in flight, and no limit is passed")
    func invariants() async {
        let step = PropertyBased.zip(Gen.int(in: 0...2), Gen.int(in: 0...4), Gen.int(in: 0...3), Gen.int(in: 0...9))
            .map { kind, record, group, failure -> Step in
                kind == 0 ? .end(group: group, failed: failure == 0) : .change(record: record)
            }
        let setting = PropertyBased.zip(Gen.int(in: 1...3), Gen.int(in: 1...4), step.array(of: 1...80))
        await propertyCheck(count: 300, input: setting) { transactions, largest, steps in
            var queue = Queue(transactions: transactions, largestGroup: largest)
            var inFlight: [[Queue.Change]] = []
            var record: [Int: String] = [:]
            var answered: [Int: Bool] = [:]   // change → committed (true) or failed (false)
            var committed: [String: [Int]] = [:]
            var next = 0
            func begin(_ groups: [[Queue.Change]]) {
                for group in groups {
                    #expect(group.count <= largest, "a group of \(group.count) over \(largest)")
                    let records = Set(group.map(\.record))
                    for other in inFlight {
                        #expect(records.isDisjoint(with: other.map(\.record)), "a record in two groups in flight")
                    }
                    inFlight.append(group)
                }
                #expect(inFlight.count <= transactions)
            }
            func end(_ index: Int, failed: Bool) {
                let group = inFlight.remove(at: index)
                let ending = queue.end(group, failed: failed)
                for change in group {
                    #expect(answered[change.item] == nil, "change \(change.item) answered twice")
                    answered[change.item] = !failed
                    if !failed { committed[change.record, default: []].append(change.item) }
                }
                for item in ending.failed {
                    #expect(answered[item] == nil, "change \(item) answered twice")
                    #expect(group.contains { $0.record == record[item] }, "change \(item) failed with another record's group")
                    answered[item] = false
                }
                if failed {
                    let records = Set(group.map(\.record))
                    #expect(!queue.waiting.contains { records.contains($0.record) }, "a change still waits for a record whose group failed")
                    #expect(!ending.start.joined().contains { records.contains($0.record) }, "a change to a failed record went on")
                }
                begin(ending.start)
            }
            for step in steps {
                switch step {
                case .change(let index):
                    next += 1
                    record[next] = "r\(index)"
                    begin(queue.enqueue(record: "r\(index)", next))
                case .end(let group, let failed):
                    if !inFlight.isEmpty { end(group % inFlight.count, failed: failed) }
                }
            }
            // Drain: everything in flight commits until nothing waits.
            while !inFlight.isEmpty { end(0, failed: false) }
            #expect(queue.waiting.isEmpty, "changes left waiting with nothing in flight")
            #expect(queue.busy.isEmpty && queue.inFlight == 0)
            #expect(answered.count == next, "\(next - answered.count) changes never answered")
            for (_, items) in committed {
                #expect(items == items.sorted(), "a record's changes committed out of order: \(items)")
            }
        }
    }
}
