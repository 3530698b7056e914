/// A line of a shell session as the guides show it, split the way a shell splits it: simple
/// commands separated by `|`, `&&`, `||`, `;` and `&`, each a list of words with quotes removed,
/// without its redirections and without a trailing `# comment`.
struct ShellCommandLine {
    /// The simple commands of the line, in order.
    let commands: [[String]]

    /// Reads `text`, in which a backslash-newline has already been joined.
    init(_ text: String) {
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var redirecting = false
        var characters = Array(text)[...]

        func endWord() {
            if inWord {
                if redirecting { redirecting = false } else { words.append(word) }
            }
            word = ""
            inWord = false
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(words) }
            words = []
        }

        while let character = characters.popFirst() {
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"", let next = characters.first, "\"\\$`".contains(next) {
                    word.append(characters.removeFirst())
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                if let next = characters.popFirst() { word.append(next) }
                inWord = true
            case " ", "\t":
                endWord()
            case "#" where !inWord:
                characters = []
            case "&" where characters.first == ">":
                // `&>`: a redirection of both outputs, read by the `>` that follows.
                endWord()
            case "|", ";", "&":
                endCommand()
                while let next = characters.first, "|&".contains(next) { characters.removeFirst() }
            case ">", "<":
                // A redirection: an optional file descriptor before it (`2>`), and the file or
                // descriptor after it (`> out.txt`, `2>&1`), are no part of the command.
                if inWord, word.allSatisfy(\.isNumber) { word = ""; inWord = false }
                endWord()
                while let next = characters.first, ">&".contains(next) { characters.removeFirst() }
                if let next = characters.first, next.isNumber {
                    while let digit = characters.first, digit.isNumber { characters.removeFirst() }
                } else {
                    redirecting = true
                }
            default:
                word.append(character)
                inWord = true
            }
        }
        endCommand()
        self.commands = commands
    }

    /// The lines of a code block as the shell reads them: a line ending in a backslash is joined
    /// to the next, and each logical line keeps the number of its first physical line.
    static func logicalLines(_ lines: [(number: Int, text: String)]) -> [(number: Int, text: String)] {
        var joined: [(number: Int, text: String)] = []
        var pending: (number: Int, text: String)?
        for (number, text) in lines {
            var current = pending ?? (number, "")
            current.text += text
            if current.text.hasSuffix("\\") {
                current.text.removeLast()
                pending = current
            } else {
                joined.append(current)
                pending = nil
            }
        }
        if let pending { joined.append(pending) }
        return joined
    }
}
