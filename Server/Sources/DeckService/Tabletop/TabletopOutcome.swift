package import PlayingCards

/// What a performed action did, for its answer and its event.
package struct TabletopOutcome: Sendable, Hashable {
    /// The cards it moved into or out of the acting seat's hand; `nil` when none.
    package var moved: [PlayingCard]?
    /// The stacks it changed, made or removed, by id.
    package var stacks: [String]
    /// The seats whose hands it changed.
    package var hands: [Int]
}
