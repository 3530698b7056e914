import Foundation

/// Checks that a command the guides show names things that exist: a make target or variable, a
/// package's product or target, a file of the repository, a built tool's subcommand and options,
/// or a route of the deck server with its method and parameters.
struct CommandChecker {
    let facts: ProjectFacts
    /// The project's own command-line tools by name.
    let tools: [String: CommandLineTool]

    /// Programs from the system that the guides may show; their options are theirs to check.
    static let systemPrograms: Set<String> = [
        "createdb", "psql", "ulimit", "export", "echo", "cat", "open", "xdg-open", "wrk", "rsvg-convert",
        "convert", "apt-get", "git", "pdftoppm", "kill", "ls", "mkdir", "sudo",
    ]

    /// What is wrong with `line`, a logical line of a code block run from the repository's top
    /// folder; empty when everything it names exists.
    func problems(in line: String) -> [String] {
        var problems: [String] = []
        var folder = facts.root
        for words in ShellCommandLine(line).commands {
            let command = Array(words.drop { $0.firstMatch(of: /^[A-Z_][A-Z0-9_]*=/) != nil })
            guard let program = command.first else { continue }
            let arguments = Array(command.dropFirst())
            switch program {
            case "cd":
                let target = folder.appendingPathComponent(arguments.first ?? "")
                if isDirectory(target) { folder = target } else { problems.append("cd \(arguments.first ?? ""): no such folder") }
            case "make": problems += makeProblems(arguments)
            case "swift": problems += swiftProblems(arguments, in: folder)
            case "curl": problems += curlProblems(arguments, in: folder)
            case "python3", "bash", "sh":
                if program == "python3", arguments.first == "-m" { continue }
                if let script = arguments.first, !exists(folder.appendingPathComponent(script)) {
                    problems.append("\(program) \(script): no such file")
                }
            default:
                let name = (program as NSString).lastPathComponent
                if let tool = tools[name] {
                    problems += optionProblems(arguments, of: tool, named: name)
                } else if program.contains("/") {
                    if !exists(folder.appendingPathComponent(program)) { problems.append("\(program): no such file") }
                } else if !Self.systemPrograms.contains(program) {
                    problems.append("\(program): neither a tool of this project nor a known system program")
                }
            }
        }
        return problems
    }

    private func makeProblems(_ arguments: [String]) -> [String] {
        var problems: [String] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "-C" || word == "-f" {
                words = words.dropFirst()
            } else if word.hasPrefix("-") {
                continue
            } else if let equals = word.firstIndex(of: "=") {
                let variable = String(word[..<equals])
                if !facts.makeVariables.contains(variable) { problems.append("make \(word): the Makefile has no variable \(variable)") }
            } else if !facts.makeTargets.contains(word) {
                problems.append("make \(word): the Makefile has no target \(word)")
            }
        }
        return problems
    }

    private func swiftProblems(_ arguments: [String], in folder: URL) -> [String] {
        guard let subcommand = arguments.first else { return [] }
        var problems: [String] = []
        var package = folder
        var named: [(kind: String, name: String)] = []
        var words = arguments.dropFirst()
        while let word = words.popFirst() {
            switch word {
            case "--package-path":
                let path = words.popFirst() ?? ""
                package = folder.appendingPathComponent(path)
                if !exists(package.appendingPathComponent("Package.swift")) { problems.append("swift --package-path \(path): no package there") }
            case "--product": named.append(("product", words.popFirst() ?? ""))
            case "--target": named.append(("target", words.popFirst() ?? ""))
            case "-c", "--configuration", "--scratch-path", "--filter", "--skip": _ = words.popFirst()
            default:
                if subcommand == "run", !word.hasPrefix("-"), !named.contains(where: { $0.kind == "run" }) {
                    named.append(("run", word))
                }
            }
        }
        guard problems.isEmpty else { return problems }
        let names: (products: Set<String>, targets: Set<String>)
        do { names = try facts.packageNames(at: package) } catch { return ["swift \(subcommand): no package at \(package.path)"] }
        for (kind, name) in named {
            let known = kind == "target" ? names.targets : names.products
            if !known.contains(name) { problems.append("swift \(subcommand): the package at \(relativePath(package)) has no \(kind == "target" ? "target" : "product") \(name)") }
        }
        return problems
    }

    private func optionProblems(_ arguments: [String], of tool: CommandLineTool, named name: String) -> [String] {
        let command = tool.command(for: arguments)
        let options = command.options
        var problems: [String] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--" { break }
            guard word.hasPrefix("-"), word != "-" else { continue }
            let option = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let takesValue = options[option] else {
                problems.append("\(name) \(command.commandName == name ? "" : command.commandName + " ")has no option \(option)")
                continue
            }
            if takesValue, !word.contains("=") { words = words.dropFirst() }
        }
        return problems
    }

    private func curlProblems(_ arguments: [String], in folder: URL) -> [String] {
        var problems: [String] = []
        var method: String?
        var url: String?
        var parameters: [String] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "-X", "--request": method = words.popFirst()?.lowercased()
            case "-d", "--data", "--data-urlencode", "--data-raw", "-F", "--form":
                let value = words.popFirst() ?? ""
                if method == nil { method = "post" }
                if let name = value.split(whereSeparator: { $0 == "=" || $0 == "@" }).first, !value.hasPrefix("@"), !value.hasPrefix("{") {
                    parameters.append(String(name))
                }
                if let at = value.firstIndex(of: "@"), !value.contains("=") {
                    let file = String(value[value.index(after: at)...])
                    if !exists(folder.appendingPathComponent(file)) { problems.append("curl \(word) \(value): no such file \(file)") }
                }
            case "-H", "--header", "-o", "--output", "-u", "--user", "-w", "--write-out", "-m", "--max-time": _ = words.popFirst()
            case "-I", "--head": method = "head"
            default:
                if !word.hasPrefix("-"), url == nil { url = word }
            }
        }
        guard let url else { return problems + ["curl: no URL"] }
        guard let match = url.firstMatch(of: /^(?:https?:\/\/)?[^\/]+(\/[^?#]*)(?:\?([^#]*))?/) else {
            return problems + ["curl \(url): not a URL of the server"]
        }
        let path = String(match.1)
        parameters += (match.2.map(String.init) ?? "").split(separator: "&").compactMap { $0.split(separator: "=").first.map(String.init) }
        guard let template = facts.pathTemplate(matching: path) else {
            return problems + ["curl \(url): the OpenAPI document has no path \(path)"]
        }
        let verb = method ?? "get"
        guard let known = facts.operations[template]?[verb] ?? (verb == "head" ? facts.operations[template]?["get"] : nil) else {
            return problems + ["curl \(url): \(template) has no \(verb.uppercased()) operation"]
        }
        for parameter in parameters where !known.contains(parameter) {
            problems.append("curl \(url): \(verb.uppercased()) \(template) has no parameter \(parameter)")
        }
        return problems
    }

    /// `url` from the repository's top folder, `.` for the top folder itself.
    private func relativePath(_ url: URL) -> String {
        let top = facts.root.standardizedFileURL.path, path = url.standardizedFileURL.path
        return path == top ? "." : String(path.dropFirst(top.count + 1))
    }

    private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    private func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
