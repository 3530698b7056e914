/// A wait for an event that did not come within its bound: thrown by ``waitUntil(_:within:file:line:_:)``
/// and ``waitForRecovery(_:budget:file:line:_:)``, it fails the test that waited, saying what it
/// waited for and where.
package struct WaitError: Error, CustomStringConvertible {
    /// What was waited for, and for how long.
    package var message: String
    /// The file of the test that waited.
    package var file: StaticString
    /// The line that waited.
    package var line: UInt

    /// `file:line: message`.
    package var description: String { "\(file):\(line): \(message)" }
}
