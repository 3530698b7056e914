import Foundation

/// A built command-line tool's commands and options, as swift-argument-parser describes them
/// (`--experimental-dump-help`).
struct CommandLineTool: Decodable {
    /// One command: its name, its options and its subcommands.
    struct Command: Decodable {
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
        }
        var commandName: String
        var defaultSubcommand: String?
        var subcommands: [Command]?
        var arguments: [Argument]?

        /// Every spelling of its options and flags, with their dashes, and whether each takes a
        /// value.
        var options: [String: Bool] {
            var options = ["--help": false, "-h": false]
            for argument in arguments ?? [] where argument.kind != "positional" {
                for name in argument.names ?? [] {
                    let dashes = name.kind == "long" ? "--" : "-"
                    options[dashes + name.name] = argument.kind == "option"
                }
            }
            return options
        }
    }

    var command: Command

    /// The description of the tool built as `executable`.
    static func load(_ executable: URL) throws -> CommandLineTool {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--experimental-dump-help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DocumentationCheckError("\(executable.path) --experimental-dump-help exited with \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(CommandLineTool.self, from: data)
    }

    /// The command that `arguments` run: a subcommand named by the first argument, or the
    /// default subcommand, or the tool itself.
    func command(for arguments: [String]) -> Command {
        var current = command
        var rest = arguments[...]
        while let subcommands = current.subcommands, !subcommands.isEmpty {
            if let first = rest.first, let named = subcommands.first(where: { $0.commandName == first }) {
                current = named
                rest = rest.dropFirst()
            } else if let name = current.defaultSubcommand, let fallback = subcommands.first(where: { $0.commandName == name }) {
                current = fallback
            } else {
                break
            }
        }
        return current
    }
}
