import Testing

/// Waits for an event by looking again every 10 ms until `condition` holds; fails the test,
/// naming `what`, when it does not hold within `bound`. The bound only ends a test that would
/// otherwise hang: it is no time the system under test is held to, so make it generous.
func waitUntil(_ what: String, within bound: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + bound
    while try await !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    try #require(try await condition(), "waited \(bound) for \(what)")
}
