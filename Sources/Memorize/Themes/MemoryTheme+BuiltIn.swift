import PlayingCards

extension MemoryTheme {
    /// The themes that come with the library: four of playing cards, four of emoji.
    ///
    /// Adding one is one line here. The tests check that every built-in theme is valid and
    /// that their names differ.
    public static let builtIn: [MemoryTheme] = [
        builtIn("Hearts", "#b3132b", "#ff6f61", cards: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", pairs: 8),
        builtIn("Court Cards", "#1d3557", "#457b9d", cards: "JS QS KS JD QD KD JC QC KC JH QH KH", pairs: nil),
        builtIn("Aces & Jokers", "#6a4c93", nil, cards: "AS AD AC AH X1 X2", pairs: 6),
        builtIn("Spades", "#222831", "#5c6770", cards: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", pairs: nil),
        builtIn("Halloween", "#ff7518", "#6a0dad", emoji: ["👻 ghost", "🎃 jack-o-lantern", "🦇 bat", "🕷️ spider", "💀 skull", "🕸️ spider web", "🍬 candy", "🧙 mage", "🍭 lollipop", "😈 smiling face with horns"], pairs: 8),
        builtIn("Animals", "#e9a23b", nil, emoji: ["🐶 dog", "🐱 cat", "🐭 mouse", "🐹 hamster", "🐰 rabbit", "🦊 fox", "🐻 bear", "🐼 panda", "🐨 koala", "🐯 tiger", "🦁 lion", "🐸 frog"], pairs: nil),
        builtIn("Sports", "#0077b6", "#00b4d8", emoji: ["⚽ soccer ball", "🏀 basketball", "🏈 american football", "⚾ baseball", "🎾 tennis", "🏐 volleyball", "🏉 rugby football", "🎱 pool 8 ball"], pairs: 6),
        builtIn("Food", "#9c6644", nil, emoji: ["🍎 red apple", "🍌 banana", "🍇 grapes", "🍓 strawberry", "🍕 pizza", "🍔 hamburger", "🌮 taco", "🍩 doughnut", "🧀 cheese wedge", "🥕 carrot"], pairs: 10),
    ]

    /// The built-in theme with this name, ignoring case.
    ///
    /// - Throws: ``MemoryGameError`` listing the built-in themes' names.
    public static func builtIn(named name: String) throws(MemoryGameError) -> MemoryTheme {
        guard let theme = builtIn.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw MemoryGameError(.unknownTheme(name, known: builtIn.map(\.name)))
        }
        return theme
    }

    /// A built-in theme picked at random: from `seed` reproducibly, or without a seed from
    /// `SecureRandom`.
    public static func randomBuiltIn(seed: ShuffleSeed? = nil) -> MemoryTheme {
        guard let seed else {
            var generator = SecureRandom()
            return builtIn.randomElement(using: &generator)!
        }
        return builtIn.shuffled(seed: seed.step(DealStep.theme))[0]
    }

    /// A theme of playing cards in the library's notation, or of emoji each followed by a
    /// space and its name. The built-in themes are constants the tests check, so a mistake
    /// here is a programming error that the first test run reports.
    private static func builtIn(_ name: String, _ color: String, _ gradientTo: String?, cards: String = "", emoji: [String] = [], pairs: Int?) -> MemoryTheme {
        do {
            let faces = try [PlayingCard](parsing: cards).map(MemoryFace.card)
                + emoji.map { entry in
                    let parts = entry.split(separator: " ", maxSplits: 1)
                    return MemoryFace.emoji(String(parts[0]), name: String(parts.count > 1 ? parts[1] : ""))
                }
            return try MemoryTheme(name, color: color, gradientTo: gradientTo, faces: faces, pairs: pairs)
        } catch {
            preconditionFailure("built-in theme \(name) is not valid: \(error)")
        }
    }
}
