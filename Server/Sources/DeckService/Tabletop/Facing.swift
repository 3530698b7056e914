/// Which way moved cards lie where they land.
package enum Facing: String, Sendable, Hashable, CaseIterable {
    /// Face up (cards from a hand with `keep` land face up too).
    case up
    /// Face down.
    case down
    /// As they lay.
    case keep
}
