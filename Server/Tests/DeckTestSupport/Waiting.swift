import Foundation

/// Waits for an event by looking again every 10 ms until `condition` holds; throws (failing the
/// test), naming `what`, when it does not hold within `bound`. The bound only ends a test that
/// would otherwise hang: it is no time the system under test is held to, so make it generous.
package func waitUntil(
    _ what: String, within bound: Duration = .seconds(60), file: StaticString = #fileID, line: UInt = #line,
    _ condition: () async throws -> Bool
) async throws {
    guard try await holds(condition, before: .now + bound) else {
        throw WaitError(message: "waited \(bound) for \(what)", file: file, line: line)
    }
}

/// Waits, as ``waitUntil(_:within:file:line:_:)`` does, for a recovery that the system promises within
/// `budget` (the store reconnecting once its database is back, a freed place taken again), and
/// fails the test when it took longer. Prints how long it took, as
/// `recovery: <what>: 1.234 s of 10 s`, so that the soak runs (`Scripts/soak-tests.sh`) show
/// the longest delay seen and the margin left.
package func waitForRecovery(
    _ what: String, budget: Duration, file: StaticString = #fileID, line: UInt = #line, _ condition: () async throws -> Bool
) async throws {
    let started = ContinuousClock.now
    let recovered = try await holds(condition, before: started + budget)
    reportRecovery(what, took: started.duration(to: .now), budget: budget)
    guard recovered else { throw WaitError(message: "no \(what) within \(budget)", file: file, line: line) }
}

/// Prints how long a recovery took against its budget, as ``waitForRecovery(_:budget:file:line:_:)`` does.
package func reportRecovery(_ what: String, took: Duration, budget: Duration) {
    let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    print("recovery: \(what): \(String(format: "%.3f", seconds)) s of \(budget.components.seconds) s")
}

/// Whether `condition` holds by `deadline`, looking again every 10 ms (and once more at the end).
private func holds(_ condition: () async throws -> Bool, before deadline: ContinuousClock.Instant) async throws -> Bool {
    while try await !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    return try await condition()
}
