import DeckClient

/// Sentences a person reads for what changed between two views of a table, such as
/// "Ann played 3 cards to the centre" or "Bob took 1 card from the deck".
enum ChangeStory {
    static func sentences(from before: TableView, to after: TableView) -> [String] {
        let handChanges = after.seats.compactMap { seat -> (name: String, delta: Int)? in
            let old = before.seats.first { $0.number == seat.number }?.handCount ?? 0
            return seat.handCount == old ? nil : (seat.name ?? "seat \(seat.number)", seat.handCount - old)
        }
        var stackChanges: [(name: String, delta: Int)] = []
        var sentences: [String] = []
        for (id, stack) in after.stacks.sorted(by: { $0.key < $1.key }) {
            guard let old = before.stacks[id] else {
                sentences.append("a new stack, \(name(of: stack)), of \(cards(stack.cards.count)) \(faces(stack))")
                continue
            }
            let delta = stack.cards.count - old.cards.count
            if delta != 0 { stackChanges.append((name(of: stack), delta)) }
            if delta == 0, stack.cards.map(\.code) != old.cards.map(\.code) {
                sentences.append(stack.cards.map(\.code).compactMap { $0 }.isEmpty != old.cards.map(\.code).compactMap { $0 }.isEmpty
                                 || Set(stack.cards.map(\.code)) == Set(old.cards.map(\.code))
                                 ? "\(name(of: stack)) turned or reordered: \(faces(stack))" : "\(name(of: stack)) changed: \(faces(stack))")
            } else if delta == 0, stack.x != old.x || stack.y != old.y {
                sentences.append("\(name(of: stack)) moved to (\(Int(stack.x)), \(Int(stack.y)))")
            } else if delta == 0, stack.layout != old.layout {
                sentences.append("\(name(of: stack)) laid out \(stack.layout)")
            } else if delta == 0, stack.cards.map(\.handle) != old.cards.map(\.handle) {
                sentences.append("\(name(of: stack)) shuffled")
            }
        }
        for (id, stack) in before.stacks where after.stacks[id] == nil {
            sentences.append("\(name(of: stack)) was taken up")
        }
        let gained = stackChanges.filter { $0.delta > 0 }, lost = stackChanges.filter { $0.delta < 0 }
        if handChanges.count == 1, let hand = handChanges.first {
            if hand.delta < 0, let target = gained.first ?? stackChanges.first {
                sentences.insert("\(hand.name) played \(cards(-hand.delta)) to \(target.name)", at: 0)
            } else if hand.delta > 0, let source = lost.first {
                sentences.insert("\(hand.name) took \(cards(hand.delta)) from \(source.name)", at: 0)
            } else {
                sentences.insert("\(hand.name)'s hand \(hand.delta > 0 ? "gained" : "lost") \(cards(abs(hand.delta)))", at: 0)
            }
        } else if handChanges.count > 1, handChanges.allSatisfy({ $0.delta > 0 }) {
            let each = Set(handChanges.map(\.delta)).count == 1 ? "\(cards(handChanges[0].delta)) each" : "cards"
            sentences.insert("dealt \(each) to \(handChanges.map(\.name).joined(separator: ", "))"
                             + (lost.first.map { " from \($0.name)" } ?? ""), at: 0)
        } else {
            for hand in handChanges { sentences.append("\(hand.name) now holds \(cards(after.seats.first { ($0.name ?? "") == hand.name }?.handCount ?? 0))") }
            for change in gained { sentences.append("\(cards(change.delta)) moved onto \(change.name)") }
            for change in lost where !sentences.contains(where: { $0.contains(change.name) }) {
                sentences.append("\(cards(-change.delta)) left \(change.name)")
            }
        }
        let joined = Set(after.seats.compactMap(\.name)).subtracting(before.seats.compactMap(\.name))
        let left = Set(before.seats.compactMap(\.name)).subtracting(after.seats.compactMap(\.name))
        sentences += joined.sorted().map { "\($0) sat down" } + left.sorted().map { "\($0) left the table" }
        if after.feltColour != before.feltColour { sentences.append("the felt is now \(after.feltColour ?? "its default colour")") }
        if after.feltBackground != before.feltBackground { sentences.append("the felt has a new background") }
        return sentences.isEmpty ? ["the table changed"] : sentences
    }

    static func name(of stack: TableView.Stack) -> String {
        if let label = stack.label, !label.isEmpty { return label == "center" ? "the centre" : "\(label)" }
        return stack.id == "deck" ? "the deck" : "stack \(stack.id)"
    }

    static func faces(_ stack: TableView.Stack) -> String {
        let up = stack.cards.compactMap(\.code)
        if up.isEmpty { return stack.cards.isEmpty ? "empty" : "face down" }
        return up.count == stack.cards.count ? up.joined(separator: " ") : "\(up.joined(separator: " ")) face up, \(stack.cards.count - up.count) face down"
    }

    static func cards(_ count: Int) -> String { count == 1 ? "1 card" : "\(count) cards" }
}
