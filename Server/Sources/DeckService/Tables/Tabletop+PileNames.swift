/// The names the fixed-layout view gives a table's piles: one per stack other than the deck,
/// never two alike, so that a JSON object keyed by them holds every pile.
///
/// A stack's name is its label, or its id when it has none. The first stack with a label keeps
/// it (the one `play` and `take` have always reached by that name); then unlabelled stacks keep
/// their ids. A name already given goes to a later stack with `@` and the stack's id after it
/// (`discard@s7`), which stays the same while that stack lies on the felt.
extension Tabletop {
    /// Each pile's name and its index in ``stacks``, in the stacks' order.
    package var pileNames: [(name: String, index: Int)] {
        var names = [String?](repeating: nil, count: stacks.count)
        var taken: Set<String> = []
        let piles = stacks.indices.filter { !stacks[$0].isDeck }
        for index in piles {
            if let label = stacks[index].label, taken.insert(label).inserted { names[index] = label }
        }
        for index in piles where stacks[index].label == nil {
            if taken.insert(stacks[index].id).inserted { names[index] = stacks[index].id }
        }
        for index in piles where names[index] == nil {
            let base = "\(stacks[index].label ?? stacks[index].id)@\(stacks[index].id)"
            var name = base
            var suffix = 2
            while !taken.insert(name).inserted {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            names[index] = name
        }
        return piles.map { (names[$0]!, $0) }
    }

    /// The index of the pile the fixed-layout view names `name`.
    package func pile(named name: String) -> Int? {
        pileNames.first { $0.name == name }?.index
    }
}
