import DeckClient
import Foundation

// table-watch: watches a table and prints each change as a line a person reads.
//
//   table-watch --server http://127.0.0.1:8080 --watch <key>           read only, from a watch link
//   table-watch --server http://127.0.0.1:8080 --join <table> --name Ann   takes a free seat

let usage = """
    usage: table-watch [--server URL] (--watch KEY | --join TABLE --name NAME)
      --server URL   the deck-server (default http://127.0.0.1:8080)
      --watch KEY    watch the table behind a watch link, read only
      --join TABLE   take the next free seat of table TABLE, as --name NAME
    """

/// Writes a line at once, also into a pipe or a file (print would hold it in a buffer).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Says what went wrong and exits: 64 for a usage mistake, 69 when the server refused or could
/// not be reached.
func fail(_ message: String, status: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("table-watch: \(message)\n".utf8))
    exit(status)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    guard ["--server", "--watch", "--join", "--name"].contains(argument) else {
        if argument == "--help" || argument == "-h" { say(usage); exit(0) }
        fail("unknown argument '\(argument)'\n\(usage)")
    }
    guard let value = arguments.popFirst() else { fail("\(argument) needs a value\n\(usage)") }
    options[argument] = value
}
guard let server = URL(string: options["--server"] ?? "http://127.0.0.1:8080"), server.scheme != nil else {
    fail("--server '\(options["--server"] ?? "")' is not a URL such as http://127.0.0.1:8080")
}
let client = DeckClient(serverURL: server)

let events: TableEvents
switch (options["--watch"], options["--join"], options["--name"]) {
case (let key?, nil, nil):
    events = client.watch(key: key)
case (nil, let table?, let name?):
    do {
        let seat = try await client.joinTable(table, name: name)
        say("\(name) sat down at seat \(seat.number)")
        events = seat.events()
    } catch {
        fail("could not join table \(table): \(error)", status: 69)
    }
default:
    fail("give --watch KEY, or --join TABLE with --name NAME\n\(usage)")
}

var previous: TableView?
do {
    for try await event in events {
        switch event {
        case .view(let table):
            if let before = previous {
                // A whole table after a reconnect: what changed while the connection was down.
                for sentence in ChangeStory.sentences(from: before, to: table) where table.version != before.version {
                    say("version \(table.version): \(sentence)")
                }
            } else {
                let players = table.seats.compactMap(\.name)
                say("version \(table.version): \(table.stacks.count) stacks; \(players.isEmpty ? "nobody seated" : players.joined(separator: ", ") + " seated")")
            }
            previous = table
        case .change(let table, _, _):
            if let before = previous {
                for sentence in ChangeStory.sentences(from: before, to: table) { say("version \(table.version): \(sentence)") }
            }
            previous = table
        case .peek(let stack, let seat):
            let name = previous?.seats.first { $0.number == seat }?.name ?? "seat \(seat)"
            say("\(name) peeked at stack \(stack)")
        case .hold, .drag:
            break
        }
    }
    say("the table's stream ended")
} catch {
    fail("\(error)", status: 69)
}
