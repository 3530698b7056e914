/// Why a game or theme was refused. A refused operation changes nothing.
///
/// Its ``description`` says what was asked, what is wrong, and what is allowed.
public struct MemoryGameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, with the values involved.
    public enum Code: Sendable, Hashable {
        /// There is no card at this index; the game has `count` cards.
        case noSuchCard(Int, count: Int)
        /// A dealt face is there this many times instead of twice.
        case faceNotInAPair(String, count: Int)
        /// A list of faces names this face more than once.
        case repeatedFace(String)
        /// A game needs at least ``MemoryGame/minimumPairs`` pairs; this many were given.
        case tooFewPairs(Int)
        /// A theme with `faces` faces cannot deal this many pairs.
        case pairsOutOfRange(Int, faces: Int)
        /// A theme's name is empty.
        case emptyThemeName
        /// A theme colour is not `#` and six hexadecimal digits.
        case invalidColor(String)
        /// A theme has one or two colours, not this many.
        case colorCount(Int)
        /// An emoji face has an empty emoji or an empty name.
        case emptyEmojiFace(emoji: String, name: String)
        /// No built-in theme has this name; `known` lists the names there are.
        case unknownTheme(String, known: [String])
    }

    /// What went wrong.
    public let code: Code

    /// Creates an error with the given code.
    public init(_ code: Code) {
        self.code = code
    }

    /// A message a user can act on.
    public var description: String {
        switch code {
        case .noSuchCard(let index, let count):
            "there is no card \(index): the cards are numbered 0 to \(count - 1)"
        case .faceNotInAPair(let face, let count):
            "\(face) is dealt \(count == 1 ? "once" : "\(count) times"): every face is dealt exactly twice"
        case .repeatedFace(let face):
            "\(face) is listed more than once: each face makes one pair"
        case .tooFewPairs(let pairs):
            "a game has at least \(MemoryGame<Int>.minimumPairs) pairs, not \(pairs)"
        case .pairsOutOfRange(let pairs, let faces):
            "cannot deal \(pairs) pairs: this theme deals \(MemoryGame<Int>.minimumPairs) to \(faces) pairs, one per face"
        case .emptyThemeName:
            "a theme's name must not be empty"
        case .invalidColor(let text):
            "'\(text)' is not a colour: write # and six hexadecimal digits, such as #ff7518"
        case .colorCount(let count):
            "a theme has one colour, or two for a gradient, not \(count)"
        case .emptyEmojiFace(let emoji, let name):
            emoji.isEmpty ? "the emoji face named '\(name)' has no emoji" : "the emoji face \(emoji) has no name"
        case .unknownTheme(let name, let known):
            "there is no theme named '\(name)': the themes are \(known.joined(separator: ", "))"
        }
    }
}
