import Foundation
import Synchronization

/// A throw-away PostgreSQL cluster for the tests: `initdb` as the `postgres` user in a folder of
/// its own, started on a free loopback port, and removed when the tests end.
final class TestPostgres: Sendable {
    let folder: String
    let port: Int

    /// The cluster every test of this process shares; each test takes a database of its own.
    static let shared = Task { try await TestPostgres() }

    private init() async throws {
        folder = "/tmp/deck-client-pg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try Self.run("/bin/chown", ["postgres:postgres", folder])
        port = try Self.freePort()
        try Self.asPostgres(try Self.tool("initdb"), ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"])
        try Self.asPostgres(try Self.tool("pg_ctl"), ["-D", folder + "/data", "-l", folder + "/log", "-w", "-t", "120",
                                                     "-o", "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off", "start"])
        Self.folders.withLock { $0.append(folder) }
        atexit { TestPostgres.folders.withLock { $0 }.forEach(TestPostgres.remove) }
    }

    private static let folders = Mutex<[String]>([])

    /// A new empty database's URL.
    func newDatabase() throws -> String {
        let name = "client_\(UUID().uuidString.prefix(8).lowercased())"
        try Self.asPostgres(try Self.tool("psql"), ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-q", "-c", "CREATE DATABASE \(name)"])
        return "postgres://postgres@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    private static func remove(_ folder: String) {
        _ = try? run("/usr/bin/env", ["runuser", "-u", "postgres", "--", (try? tool("pg_ctl")) ?? "pg_ctl",
                                      "-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func tool(_ name: String) throws -> String {
        let root = "/usr/lib/postgresql"
        guard let version = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).max() else {
            throw TestSupportError("PostgreSQL is not installed (no \(root)/*/bin): run `make deps-postgres`")
        }
        return "\(root)/\(version)/bin/\(name)"
    }

    private static func asPostgres(_ program: String, _ arguments: [String]) throws {
        try run("/usr/bin/env", ["runuser", "-u", "postgres", "--", program] + arguments)
    }

    /// Runs `program` from `/` to its end and answers its output; throws with the output when it
    /// fails. posix_spawn, with every descriptor above standard error closed in the child:
    /// `pg_ctl start` leaves a server running that would otherwise keep this process's pipes
    /// (Foundation's `Process` among them) open, and a wait for them would never end.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("deck-client-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // bash closes the rest (glibc's closefrom action is not visible from Swift) and moves to /.
        let script = #"cd / && for f in /proc/$$/fd/*; do n=${f##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@""#
        let argv = (["/bin/bash", "-c", script, "bash", program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, argv, environ)
        guard spawned == 0 else { throw TestSupportError("could not start \(program): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw TestSupportError("\(program) \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
        return text
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestSupportError("socket() failed: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw TestSupportError("could not find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
