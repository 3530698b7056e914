/// What a seat expects the table to be at, for an action that must not apply to a table that
/// changed since the seat looked: the table's version, or the versions of stacks it touches.
package struct ExpectedVersions: Sendable, Hashable {
    /// The table's version.
    package var table: Int?
    /// Versions of stacks, by id.
    package var stacks: [String: Int]

    package init(table: Int? = nil, stacks: [String: Int] = [:]) {
        self.table = table
        self.stacks = stacks
    }

    /// Nothing expected: the action applies while its cards are where it says.
    package static let none = ExpectedVersions()
}
