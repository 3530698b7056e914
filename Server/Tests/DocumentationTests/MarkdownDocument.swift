import Foundation

/// A Markdown file as the documentation checks read it: its headings' anchors, its links, and
/// the code it shows, each with the line it stands on.
struct MarkdownDocument {
    /// A link or image target written `[text](target)` or `![alt](target)` outside code.
    struct Link: Equatable {
        var target: String
        var line: Int
    }

    /// A fenced code block: its language (the word after the opening fence) and its lines.
    struct CodeBlock {
        var language: String
        var lines: [(number: Int, text: String)]
    }

    /// A span of inline code outside the fenced blocks.
    struct InlineCode: Equatable {
        var text: String
        var line: Int
    }

    let path: String
    private(set) var anchors: Set<String> = []
    private(set) var links: [Link] = []
    private(set) var codeBlocks: [CodeBlock] = []
    private(set) var inlineCode: [InlineCode] = []

    init(path: String, text: String) {
        self.path = path
        var slugCounts: [String: Int] = [:]
        var block: CodeBlock?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.hasPrefix("```") {
                if let finished = block {
                    codeBlocks.append(finished)
                    block = nil
                } else {
                    block = CodeBlock(language: line.dropFirst(3).trimmingCharacters(in: .whitespaces), lines: [])
                }
                continue
            }
            if block != nil {
                block!.lines.append((number, String(line)))
                continue
            }
            if let heading = Self.headingText(line) {
                let slug = Self.slug(heading)
                let seen = slugCounts[slug, default: 0]
                anchors.insert(seen == 0 ? slug : "\(slug)-\(seen)")
                slugCounts[slug] = seen + 1
            }
            let (prose, code) = Self.splitInlineCode(String(line))
            inlineCode += code.map { InlineCode(text: $0, line: number) }
            links += Self.linkTargets(in: prose).map { Link(target: $0, line: number) }
        }
    }

    /// The text of an ATX heading (`## Title`), or nil for any other line.
    static func headingText(_ line: Substring) -> String? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return line.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces)
    }

    /// The anchor a heading gets where Markdown is read on the web (GitHub's rule): lower case,
    /// inline code marks and punctuation dropped but for `-` and `_`, each space a `-`.
    static func slug(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                slug.append(character)
            }
        }
        return slug
    }

    /// The line with its inline code spans taken out, and those spans.
    static func splitInlineCode(_ line: String) -> (prose: String, code: [String]) {
        var prose = "", code: [String] = []
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "`") {
            prose += rest[..<open]
            let ticks = rest[open...].prefix { $0 == "`" }
            let afterOpen = rest[open...].dropFirst(ticks.count)
            guard let close = afterOpen.range(of: String(ticks)) else {
                prose += rest[open...]
                return (prose, code)
            }
            code.append(afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = afterOpen[close.upperBound...]
        }
        prose += rest
        return (prose, code)
    }

    /// Every `](target)` in a line of prose.
    static func linkTargets(in prose: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(prose)
        while let open = rest.range(of: "](") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstIndex(of: ")") else { break }
            let target = afterOpen[..<close].split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
            targets.append(target)
            rest = afterOpen[close...]
        }
        return targets
    }
}
