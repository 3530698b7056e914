/// What an ``TabletopAction/arrange(stack:_:)`` changes; `nil` members stay as they are.
package struct Arrangement: Sendable, Hashable {
    /// A new place.
    package var x: Double?
    package var y: Double?
    /// A new layout.
    package var layout: FeltStack.Layout?
    /// A new rotation: 0 or 90.
    package var rotation: Int?
    /// A new label; an empty one removes it.
    package var label: String?
    /// Brings the stack over every other.
    package var toFront: Bool

    package init(
        x: Double? = nil, y: Double? = nil, layout: FeltStack.Layout? = nil, rotation: Int? = nil,
        label: String? = nil, toFront: Bool = false
    ) {
        (self.x, self.y, self.layout, self.rotation, self.label, self.toFront) = (x, y, layout, rotation, label, toFront)
    }
}
