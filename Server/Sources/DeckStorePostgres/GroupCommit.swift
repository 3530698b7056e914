import DeckService
import Foundation
import Synchronization
import DeckStoreSupport

/// Groups the changes to records of one kind that wait on one server instance, across records,
/// so that one commit applies them all (``Commit``; the store's takes one statement and one
/// flush to disk for the whole group on its usual path, instead of four statements and a flush
/// per change).
///
/// Groups run in sessions (``Session``): the store lends one connection for as long as groups
/// follow one another without a pause, so that a busy instance leases and releases a connection
/// (and its pool sets and clears that connection's timers) once per pause, not once per group.
///
/// At most ``transactions`` groups are in flight at once; the changes that arrive meanwhile wait
/// and go together into the next group. A record is in at most one group in flight: changes to a
/// record whose group is in flight wait for the next one, so a busy record costs one row lock per
/// group, as with ``ChangeBatcher``, and two groups of one instance never wait for each other's
/// locks. Changes to one record are applied one after another in the order they arrived, each to
/// the state the one before it left, exactly as if each had its own transaction; a change that
/// throws (refused) leaves the state as it was and the rest of its group goes on.
///
/// Every caller gets an answer: the group's outcome once its transaction has ended, or the
/// group's error when it failed (the database went away, the connection broke): sessions run in
/// child tasks of ``run()``, which the store runs for as long as it runs, so a caller's
/// cancellation (its client went away) neither cancels nor strands the group, and the store's
/// shutdown waits for them. A change is applied once it is queued, even if its caller's task is
/// cancelled meanwhile: like a request whose answer was lost, it counts. When a group fails,
/// the changes waiting for its records fail with it at once instead of each waiting its turn
/// to fail.
///
/// Which changes go into which group is ``GroupQueue``'s, a state machine with no tasks or
/// clocks in it; this class drives it and times each group on a ``CoarseTimer``.
package final class GroupCommit: Sendable {
    /// One record of a group: its changes in the order they arrived and the time of the last.
    package struct Record: Sendable {
        /// The record's id.
        package let id: String
        /// When its last change arrived: the record's new `changed_at`.
        package var time: Date
        /// Its changes, oldest first.
        package var changes: [ChangeBatcher.Change]
    }

    /// Applies a group and commits it: gets its records, each id once, and returns each
    /// record's outcomes in the order of its changes (all `missing` for a record that does not
    /// exist). When it throws, every change of the group gets its error.
    package typealias Commit = @Sendable ([Record]) async throws -> [[ChangeBatcher.Outcome]]

    /// Lends `body` a ``Commit`` for as long as `body` runs, for one group after another; throws
    /// when it has none to lend (no connection to be had), and then `body` does not run.
    package typealias Session = @Sendable (_ body: @escaping @Sendable (Commit) async -> Void) async throws -> Void

    /// Thrown by a ``Commit`` that can do nothing more in its session (its connection closed)
    /// before it began on a group: the group goes to a new session instead of failing, up to
    /// ``sessionAttempts`` times in all.
    package struct SessionEnded: Error {
        package init() {}
    }

    /// Thrown by a ``Commit`` when part of its group was committed and the rest failed: the group
    /// is answered with `outcomes` (the failed changes refused with the failure), and its session
    /// ends, its connection in doubt.
    package struct PartlyCommitted: Error {
        package let outcomes: [[ChangeBatcher.Outcome]]

        package init(outcomes: [[ChangeBatcher.Outcome]]) {
            self.outcomes = outcomes
        }
    }

    /// The most sessions one group is tried in when each ends before it began.
    package static let sessionAttempts = 3

    /// What the queue keeps of a change: when it arrived, the change, and its caller.
    private struct Pending: Sendable {
        let time: Date
        let change: ChangeBatcher.Change
        let answer: CheckedContinuation<Result<ChangeBatcher.Outcome, any Error>, Never>
    }

    private typealias Group = [GroupQueue<Pending>.Change]

    /// A group to serve in a session of its own; `attempt` counts the sessions tried for it.
    private struct Job: Sendable {
        let group: Group
        let session: Session
        let attempt: Int
    }

    private struct State {
        var queue: GroupQueue<Pending>
        /// Sessions opened so far (for tests).
        var sessions = 0
        /// Groups that wait for ``run()`` to serve them.
        var jobs: [Job] = []
        /// ``run()`` waiting for jobs.
        var wake: CheckedContinuation<Void, Never>?
        /// Set when ``run()`` has ended: groups fail at once from then on.
        var stopped = false
    }

    /// Told how many changes a group held whose transaction had no answer within ``deadline``
    /// (the store logs it: a connection that stops answering is for its operator to see).
    private let onDeadline: @Sendable (_ changes: Int) -> Void

    /// The longest a group's transaction may take before its callers are answered
    /// `unavailable` without waiting for it further: a backstop for a connection that never
    /// answers (the transaction may still commit later, as when a connection breaks at `COMMIT`).
    package let deadline: Duration
    /// Sets an alarm for ``deadline`` on the store's timer; returns what cancels it, or `nil`
    /// once the timer has stopped.
    private let setAlarm: @Sendable (Duration, @escaping @Sendable () -> Void) -> (@Sendable () -> Void)?
    private let state: Mutex<State>

    /// A batcher with at most `transactions` groups in flight, each of at most `largestGroup`
    /// changes.
    ///
    /// One group at a time is the default: on two cores shared by the database, the servers and
    /// their clients, the draw mix over 64 shoes through two instances served about a third more
    /// requests per second with one group in flight per instance than with two (on 25 November:
    /// larger groups, fewer statements and commits per change).
    package init<C>(
        transactions: Int = 1, largestGroup: Int = 128, deadline: Duration = .seconds(10), timer: CoarseTimer<C>,
        onDeadline: @escaping @Sendable (_ changes: Int) -> Void = { _ in }
    ) {
        self.deadline = deadline
        self.onDeadline = onDeadline
        setAlarm = { duration, action in
            guard let alarm = timer.schedule(after: duration, action) else { return nil }
            return { _ = timer.cancel(alarm) }
        }
        state = Mutex(State(queue: GroupQueue(transactions: transactions, largestGroup: largestGroup)))
    }

    /// The most groups in flight at once.
    package var transactions: Int { state.withLock { $0.queue.transactions } }

    /// How many changes wait for a group (for tests).
    package var waitingCount: Int {
        state.withLock { $0.queue.waiting.count }
    }

    /// How many groups have ended, the most changes one of them held, and how many sessions
    /// served them (for tests).
    package var statistics: (groups: Int, largest: Int, sessions: Int) {
        state.withLock { ($0.queue.ended, $0.queue.largestSeen, $0.sessions) }
    }

    /// Serves the groups, each session in a child task, until the calling task is cancelled or
    /// ``stop()`` is called; then fails the groups that have not begun and waits for the
    /// sessions in flight to end. Changes submitted afterwards fail at once.
    package func run() async {
        await withDiscardingTaskGroup { sessions in
            while let jobs = await nextJobs() {
                for job in jobs {
                    sessions.addTask { await self.serve(job.group, session: job.session, attempt: job.attempt) }
                }
            }
        }
    }

    /// Ends ``run()``: the groups that have not begun fail; those in flight end as their
    /// sessions do.
    package func stop() {
        let (wake, left) = state.withLock { state in
            state.stopped = true
            defer { state.jobs = [] }
            return (state.wake.take(), state.jobs)
        }
        wake?.resume()
        for job in left { fail(job.group, stopping: job.session) }
    }

    /// The jobs that came since the last call, once there are some; `nil` once stopped.
    private func nextJobs() async -> [Job]? {
        await withTaskCancellationHandler {
            while true {
                let jobs = state.withLock { state -> [Job]? in
                    if state.stopped { return nil }
                    defer { state.jobs = [] }
                    return state.jobs
                }
                guard let jobs else { return nil }
                if !jobs.isEmpty { return jobs }
                await withCheckedContinuation { (wake: CheckedContinuation<Void, Never>) in
                    let now = state.withLock { state -> Bool in
                        if state.stopped || !state.jobs.isEmpty || Task.isCancelled { return true }
                        state.wake = wake
                        return false
                    }
                    if now { wake.resume() }
                }
                if Task.isCancelled { stop() }
            }
        } onCancel: {
            stop()
        }
    }

    /// Applies `change` to the record `id` in a group that a commit of `session` applies, and
    /// returns what became of it. `time` is when the change arrived.
    package func submit(
        id: String, at time: Date, _ change: @escaping ChangeBatcher.Change, session: @escaping Session
    ) async throws -> ChangeBatcher.Outcome {
        let outcome = await withCheckedContinuation { (answer: CheckedContinuation<Result<ChangeBatcher.Outcome, any Error>, Never>) in
            let groups = state.withLock { state -> [Group] in
                state.queue.enqueue(record: id, Pending(time: time, change: change, answer: answer))
            }
            start(groups, session: session)
        }
        return try outcome.get()
    }

    /// ``submit(id:at:_:session:)`` for a change with a typed result, as
    /// ``RecordStore/update(_:id:at:_:)`` takes it: returns its result, `nil` when the record does
    /// not exist, and rethrows the change's own error when it refused.
    package func update<Result: Sendable>(
        id: String, at time: Date,
        _ change: @escaping @Sendable ([UInt8]) throws -> (state: [UInt8], result: Result),
        session: @escaping Session
    ) async throws -> Result? {
        let outcome = try await submit(id: id, at: time, { state in
            let (newState, result) = try change(state)
            return (newState, result)
        }, session: session)
        return try outcome.result(as: Result.self)
    }

    /// Hands each group to ``run()`` to serve in a session of its own; `attempt` counts the
    /// sessions tried for them. Once stopped, the groups fail instead.
    private func start(_ groups: [Group], session: @escaping Session, attempt: Int = 1) {
        guard !groups.isEmpty else { return }
        let (accepted, wake) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            if state.stopped { return (false, nil) }
            state.jobs += groups.map { Job(group: $0, session: session, attempt: attempt) }
            return (true, state.wake.take())
        }
        wake?.resume()
        if !accepted {
            for group in groups { fail(group, stopping: session) }
        }
    }

    /// Fails a group that will not be served: the store is stopping.
    private func fail(_ group: Group, stopping session: @escaping Session) {
        let (records, place) = Self.records(of: group)
        let failure = ServiceError(.unavailable, .store, "is stopping: the server is shutting down")
        start(settle(group, records: records, place: place, outcomes: .failure(failure)), session: session)
    }

    /// Opens a session and commits `first` in it, then each group that may start when the one
    /// before ends, until none is waiting or a group failed (its connection may be broken).
    /// When no session opens, `first` fails with the session's error.
    private func serve(_ first: Group, session: @escaping Session, attempt: Int) async {
        let began = Once()
        do {
            try await session { commit in
                guard began.claim() else { return }
                self.state.withLock { $0.sessions += 1 }
                guard var group = await self.run(first, commit: commit, session: session, attempt: attempt) else { return }
                while let next = await self.run(group, commit: commit, session: session, attempt: 1) {
                    group = next
                }
            }
        } catch {
            guard began.claim() else { return }
            let (records, place) = Self.records(of: first)
            start(settle(first, records: records, place: place, outcomes: .failure(error)), session: session)
        }
    }

    /// The records of `group`, each once, in the order of their first change, and where each
    /// change of the group went among them.
    private static func records(of group: Group) -> (records: [Record], place: [(record: Int, change: Int)]) {
        var records: [Record] = []
        var slot: [String: Int] = [:]
        var place: [(record: Int, change: Int)] = []
        place.reserveCapacity(group.count)
        for pending in group {
            if let index = slot[pending.record] {
                records[index].changes.append(pending.item.change)
                records[index].time = max(records[index].time, pending.item.time)
                place.append((index, records[index].changes.count - 1))
            } else {
                slot[pending.record] = records.count
                place.append((records.count, 0))
                records.append(Record(id: pending.record, time: pending.item.time, changes: [pending.item.change]))
            }
        }
        return (records, place)
    }

    /// Commits one group with `commit`, answers its callers, and returns the next group for this
    /// session, if one may start now (the others start in sessions of their own). When the
    /// commit has not ended within ``deadline``, the timer answers and moves on instead, with a
    /// failure (`unavailable`), and the commit's own end, whenever it comes, finds the group
    /// settled and ends the session. `attempt` counts the sessions the group has been tried in.
    private func run(_ group: Group, commit: Commit, session: @escaping Session, attempt: Int) async -> Group? {
        let (records, place) = Self.records(of: group)
        let settled = Once()
        let cancelAlarm = setAlarm(deadline) { [self, deadline] in
            guard settled.claim() else { return }
            onDeadline(group.count)
            let failure = ServiceError(
                .unavailable, .store, "is unreachable: a transaction had no answer within \(deadline.components.seconds) s")
            start(settle(group, records: records, place: place, outcomes: .failure(failure)), session: session)
        }
        guard let cancelAlarm else {
            // The timer has stopped: the store is stopping, and nothing is committed any more.
            guard settled.claim() else { return nil }
            fail(group, stopping: session)
            return nil
        }
        var endsSession = false
        let outcomes: Result<[[ChangeBatcher.Outcome]], any Error>
        do {
            let all = try await commit(records)
            if all.count == records.count, zip(all, records).allSatisfy({ $0.count == $1.changes.count }) {
                outcomes = .success(all)
            } else {
                outcomes = .failure(ServiceError(.internalFailure, .store, "answered a group of changes with the wrong number of outcomes"))
            }
        } catch is SessionEnded where attempt < Self.sessionAttempts {
            // Nothing of the group was done: it goes on in a new session, still in flight.
            cancelAlarm()
            if settled.claim() { start([group], session: session, attempt: attempt + 1) }
            return nil
        } catch is SessionEnded {
            outcomes = .failure(ServiceError(
                .unavailable, .store, "is unreachable: \(Self.sessionAttempts) connections in a row closed before a change could be sent"))
        } catch let partly as PartlyCommitted {
            outcomes = .success(partly.outcomes)
            endsSession = true
        } catch {
            outcomes = .failure(error)
        }
        cancelAlarm()
        guard settled.claim() else { return nil }
        var next = settle(group, records: records, place: place, outcomes: outcomes)
        // Once stopped, ``start(_:session:attempt:)`` fails the next groups instead.
        if endsSession || (try? outcomes.get()) == nil || state.withLock({ $0.stopped }) {
            start(next, session: session)
            return nil
        }
        guard !next.isEmpty else { return nil }
        let mine = next.removeFirst()
        start(next, session: session)
        return mine
    }

    /// Answers a group's callers with `outcomes`, lets its records go, and fails the changes
    /// waiting for them when the group failed; returns the groups that may start now.
    private func settle(
        _ group: Group, records: [Record], place: [(record: Int, change: Int)],
        outcomes: Result<[[ChangeBatcher.Outcome]], any Error>
    ) -> [Group] {
        for (pending, place) in zip(group, place) {
            pending.item.answer.resume(returning: outcomes.map { $0[place.record][place.change] })
        }
        let failed: Bool
        if case .failure = outcomes { failed = true } else { failed = false }
        let ending = state.withLock { $0.queue.end(group, failed: failed) }
        if case .failure(let error) = outcomes {
            for pending in ending.failed { pending.answer.resume(returning: .failure(error)) }
        }
        return ending.start
    }

    /// Claimed once, by whichever comes first.
    private final class Once: Sendable {
        private let claimed = Atomic<Bool>(false)

        /// `true` the first time only.
        func claim() -> Bool {
            !claimed.exchange(true, ordering: .acquiringAndReleasing)
        }
    }
}
