import DeckClient

/// Sentences a person reads for what changed between two views of a table, such as
/// "Ann played 1 card to pile 3" or "dealt 3 cards each to Ann, Bob from the stock".
enum ChangeStory {
    static func sentences(from before: TableView, to after: TableView) -> [String] {
        var sentences: [String] = []
        let hands = after.seats.compactMap { seat -> (name: String, delta: Int)? in
            let old = before.seats.first { $0.number == seat.number }?.handCount ?? 0
            return seat.handCount == old ? nil : (seat.name ?? "seat \(seat.number)", seat.handCount - old)
        }
        let new = after.stacks.values.filter { before.stacks[$0.id] == nil }.sorted { $0.id < $1.id }
        let removed = before.stacks.values.filter { after.stacks[$0.id] == nil }.sorted { $0.id < $1.id }
        let kept = after.stacks.values.compactMap { stack in before.stacks[stack.id].map { (old: $0, new: stack) } }
            .sorted { $0.new.id < $1.new.id }
        let grew = kept.filter { $0.new.cards.count > $0.old.cards.count }
        let shrank = kept.filter { $0.new.cards.count < $0.old.cards.count }

        if removed.count >= 2, let into = grew.first {
            sentences.append("every card was gathered into \(name(of: into.new)) (\(cards(into.new.cards.count)))")
        } else if hands.count > 1, hands.allSatisfy({ $0.delta > 0 }) {
            let each = Set(hands.map(\.delta)).count == 1 ? "\(cards(hands[0].delta)) each" : "cards"
            sentences.append("dealt \(each) to \(hands.map(\.name).joined(separator: ", "))" + (shrank.first.map { " from \(name(of: $0.new))" } ?? ""))
        } else if hands.count == 1, let hand = hands.first {
            let other = hand.delta < 0 ? (grew.first?.new ?? new.first) : (shrank.first?.new)
            let place = other.map(name(of:)) ?? "another hand"
            sentences.append(hand.delta < 0 ? "\(hand.name) played \(cards(-hand.delta)) to \(place)"
                                            : "\(hand.name) took \(cards(hand.delta)) from \(place)")
        } else {
            for stack in new {
                let source = shrank.first.map { " from \(name(of: $0.new))" } ?? ""
                sentences.append("\(cards(stack.cards.count)) moved\(source) to a new stack, \(name(of: stack)): \(faces(stack))")
            }
            if new.isEmpty, let to = grew.first {
                let source = shrank.first.map { " from \(name(of: $0.new))" } ?? ""
                sentences.append("\(cards(to.new.cards.count - to.old.cards.count)) moved\(source) onto \(name(of: to.new))")
            }
        }
        for (old, stack) in kept where stack.cards.count == old.cards.count {
            let upBefore = old.cards.filter { $0.code != nil }.count, upNow = stack.cards.filter { $0.code != nil }.count
            if upNow > upBefore {
                sentences.append("\(name(of: stack)): turned face up, \(stack.cards.compactMap(\.code).suffix(upNow - upBefore).joined(separator: " "))")
            } else if upNow < upBefore {
                sentences.append("\(name(of: stack)): \(cards(upBefore - upNow)) turned face down")
            } else if stack.cards.map(\.code) != old.cards.map(\.code) {
                // A face-down card has no identity to follow: a stack turned over and a stack
                // shuffled look alike.
                sentences.append("\(name(of: stack)) was turned over or reordered: \(faces(stack))")
            } else if stack.cards.map(\.handle) != old.cards.map(\.handle) && stack.x == old.x && stack.y == old.y {
                sentences.append("\(name(of: stack)) was shuffled")
            } else if stack.x != old.x || stack.y != old.y {
                sentences.append("\(name(of: stack)) moved to (\(Int(stack.x)), \(Int(stack.y)))")
            } else if stack.layout != old.layout || stack.label != old.label || stack.rotation != old.rotation {
                sentences.append("\(name(of: stack)) was laid out \(stack.layout)")
            }
        }
        let joined = Set(after.seats.compactMap(\.name)).subtracting(before.seats.compactMap(\.name))
        let left = Set(before.seats.compactMap(\.name)).subtracting(after.seats.compactMap(\.name))
        sentences += joined.sorted().map { "\($0) sat down" } + left.sorted().map { "\($0) left the table" }
        if after.feltColour != before.feltColour { sentences.append("the felt is now \(after.feltColour ?? "its own colour")") }
        if after.feltBackground != before.feltBackground { sentences.append("the felt has a new background") }
        return sentences.isEmpty ? ["the table changed"] : sentences
    }

    /// A stack as players call it: its label ("the stock", "pile 3"), or "the deck", or its id.
    static func name(of stack: TableView.Stack) -> String {
        if let label = stack.label, !label.isEmpty {
            if label == "center" || label == "centre" { return "the centre" }
            if Int(label) != nil { return "pile \(label)" }
            return "the \(label)"
        }
        return stack.id == "deck" ? "the deck" : "stack \(stack.id)"
    }

    static func faces(_ stack: TableView.Stack) -> String {
        let up = stack.cards.compactMap(\.code)
        if up.isEmpty { return "face down" }
        return up.count == stack.cards.count ? up.joined(separator: " ") : "\(up.joined(separator: " ")), \(stack.cards.count - up.count) face down"
    }

    static func cards(_ count: Int) -> String { count == 1 ? "1 card" : "\(count) cards" }
}
