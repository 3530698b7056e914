@testable import DeckService
import Testing

/// A seat's drags: at most one an interval, the newest always last, nothing kept for good.
@Suite("Drag throttle")
struct DragThrottleTests {
    private typealias Instant = ContinuousClock.Instant
    private let start = ContinuousClock.now
    private let seat = DragThrottle<Instant>.Seat(table: "t", number: 1)

    private func drag(_ x: Double) -> TableSignal { .dragged(stack: "s1", seat: 1, x: x, y: 0) }

    private func at(_ milliseconds: Int) -> Instant { start + .milliseconds(milliseconds) }

    @Test("a drag within the interval waits, the newer replaces it, and it goes when the interval is over; an idle seat is forgotten")
    func coalesces() {
        var throttle = DragThrottle<Instant>(interval: .milliseconds(33))
        #expect(throttle.offer(drag(1), of: seat, at: at(0)) == drag(1))
        #expect(throttle.offer(drag(2), of: seat, at: at(10)) == nil)
        #expect(throttle.offer(drag(3), of: seat, at: at(20)) == nil)
        #expect(throttle.nextDue == at(33))
        #expect(throttle.due(at: at(32)).isEmpty)
        let due = throttle.due(at: at(33))
        #expect(due.map(\.signal) == [drag(3)] && due.map(\.seat) == [seat])
        // Sent at 33: the next may go at 66.
        #expect(throttle.offer(drag(4), of: seat, at: at(50)) == nil)
        #expect(throttle.due(at: at(66)).map(\.signal) == [drag(4)])
        #expect(throttle.offer(drag(5), of: seat, at: at(100)) == drag(5))
        // Nothing waits: the seat is forgotten after an interval.
        #expect(throttle.due(at: at(140)).isEmpty && throttle.count == 0 && throttle.nextDue == nil)
    }

    @Test("a drag sent late by the timer counts as sent when it was due: a steady 30 a second is not pushed later and later")
    func lateTimer() {
        var throttle = DragThrottle<Instant>(interval: .milliseconds(33))
        #expect(throttle.offer(drag(1), of: seat, at: at(0)) != nil)
        #expect(throttle.offer(drag(2), of: seat, at: at(32)) == nil)
        // The timer wakes 8 ms late: the drag counts as sent at 33, so the next, at 66, goes at once.
        #expect(throttle.due(at: at(41)).map(\.signal) == [drag(2)])
        #expect(throttle.offer(drag(3), of: seat, at: at(66)) == drag(3))
    }

    @Test("seats are kept apart: one seat's drags never wait for another's")
    func seatsApart() {
        var throttle = DragThrottle<Instant>(interval: .milliseconds(33))
        let other = DragThrottle<Instant>.Seat(table: "t", number: 2)
        #expect(throttle.offer(drag(1), of: seat, at: at(0)) != nil)
        #expect(throttle.offer(.dragged(stack: "s2", seat: 2, x: 1, y: 0), of: other, at: at(1)) != nil)
    }
}
