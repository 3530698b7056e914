/// A wait for an event that did not come within its bound: thrown by ``waitUntil(_:within:_:)``
/// and ``waitForRecovery(_:budget:_:)``, it fails the test that waited, saying what it waited for.
package struct WaitError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
