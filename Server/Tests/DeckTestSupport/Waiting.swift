import Foundation

/// Waits for an event by looking again every 10 ms until `condition` holds; throws (failing the test),
/// naming `what`, when it does not hold within `bound`. The bound only ends a test that would
/// otherwise hang: it is no time the system under test is held to, so make it generous.
package func waitUntil(_ what: String, within bound: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + bound
    while try await !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    guard try await condition() else { throw WaitError(message: "waited \(bound) for \(what)") }
}

/// Waits, as ``waitUntil(_:within:_:)`` does, for a recovery that the system promises within
/// `budget` (the store reconnecting once its database is back, a freed place taken again), and
/// fails the test when it took longer. Prints how long it took, as
/// `recovery: <what>: 1.234 s of 10 s`, so that the soak runs (`Scripts/soak-tests.sh`) show
/// the longest delay seen and the margin left.
package func waitForRecovery(_ what: String, budget: Duration, _ condition: () async throws -> Bool) async throws {
    let started = ContinuousClock.now
    let deadline = started + budget
    while try await !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    let recovered = try await condition()
    reportRecovery(what, took: started.duration(to: .now), budget: budget)
    guard recovered else { throw WaitError(message: "no \(what) within \(budget)") }
}

/// Prints how long a recovery took against its budget, as ``waitForRecovery(_:budget:_:)`` does.
package func reportRecovery(_ what: String, took: Duration, budget: Duration) {
    let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    print("recovery: \(what): \(String(format: "%.3f", seconds)) s of \(budget.components.seconds) s")
}
