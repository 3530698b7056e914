import Foundation
import Logging
import PostgresNIO
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away PostgreSQL cluster for tests: made with `initdb` as the `postgres` user (the
/// tests run as root, and PostgreSQL refuses to run as root) in a folder under /tmp, started with
/// `pg_ctl` on a free loopback port, and removed when the test process exits.
///
/// `initdb` is slow on a busy machine, so it runs once per process into a template that every
/// cluster copies. Most tests share one cluster (``shared``), each on its own database; a test
/// that stops the database starts its own.
package final class PostgresCluster: Sendable {
    /// The cluster's folder: `data/`, the Unix socket and `log`.
    package let folder: String
    /// The TCP port on 127.0.0.1.
    package let port: Int

    private var dataFolder: String { folder + "/data" }

    /// The cluster most tests share.
    package static var shared: PostgresCluster {
        get async throws { try await sharedCluster.value }
    }

    /// Starts a new cluster of its own (removed at exit, or earlier by ``remove()``).
    package static func start() async throws -> PostgresCluster {
        let template = try await templateFolder.value
        let folder = try await makeFolder()
        try await run("/bin/cp", ["-a", template + "/data", folder + "/data"])
        let cluster = PostgresCluster(folder: folder, port: try freePort())
        try await cluster.startServer()
        return cluster
    }

    private init(folder: String, port: Int) {
        self.folder = folder
        self.port = port
    }

    /// A new empty database; returns its URL for `deck-server --database`.
    package func createDatabase() async throws -> String {
        let name = "deck_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await withConnection(to: "postgres") { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Self.logger) }
        return "postgres://postgres@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    /// Runs `sql`, one statement, in the database at `url` (one made by ``createDatabase()``).
    package func execute(_ sql: String, in url: String) async throws {
        let name = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
        try await withConnection(to: name) { try await $0.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger) }
    }

    /// Runs `body` on a new connection, as `user` (the superuser `postgres` unless told), to
    /// the database `name`; closes it after.
    package func withConnection<T>(to name: String, as user: String = "postgres", _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: port, username: user, password: nil, database: name, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: Self.logger)
        return try await withCleanup { try await body(connection) } cleanup: { try? await connection.close() }
    }

    /// The tests' PostgreSQL clients log nothing but their failures.
    private static let logger = {
        var logger = Logger(label: "postgres-cluster")
        logger.logLevel = .critical
        return logger
    }()

    /// Starts the database server (again); waits until it accepts connections.
    package func startServer() async throws {
        try await Self.asPostgres(try Self.tool("pg_ctl"), [
            "-D", dataFolder, "-l", folder + "/log", "-w", "-t", "60",
            "-o", "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=300", "start",
        ])
    }

    /// Stops the database server (fast: open connections are closed) and waits for it.
    package func stopServer() async throws {
        try await Self.asPostgres(try Self.tool("pg_ctl"), ["-D", dataFolder, "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Stops the server if it runs and deletes the folder.
    package func remove() async {
        await onOwnThread { [folder] in Self.removeCluster(folder) }
    }

    // MARK: Processes and folders

    private static let sharedCluster = Task { try await PostgresCluster.start() }

    private static let templateFolder = Task {
        let folder = try await makeFolder()
        try await asPostgres(try tool("initdb"), ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"])
        return folder
    }

    /// Folders to remove at exit.
    private static let folders = Mutex<[String]>([])

    private static func makeFolder() async throws -> String {
        let folder = "/tmp/deck-server-pg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        try await run("/bin/chown", ["postgres:postgres", folder])
        let first = folders.withLock { folders in
            folders.append(folder)
            return folders.count == 1
        }
        if first { atexit { PostgresCluster.removeAll() } }
        return folder
    }

    private static func removeAll() {
        for folder in folders.withLock({ $0 }) { removeCluster(folder) }
    }

    /// Stops the postmaster this process started in `folder` (by its pid file: an immediate
    /// shutdown) and deletes the folder.
    private static func removeCluster(_ folder: String) {
        if let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
           let pid = text.split(separator: "\n").first.flatMap({ Int32($0) }), pid > 0 {
            kill(pid, SIGQUIT)
            for _ in 0..<100 where kill(pid, 0) == 0 { usleep(50_000) }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The newest installed PostgreSQL's program `name` (Debian keeps them out of PATH).
    private static func tool(_ name: String) throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        guard let version = versions.compactMap(Int.init).max() else {
            throw ServerProcessError(message: "PostgreSQL is not installed (no \(root)/*/bin): run `make deps-postgres`")
        }
        return "\(root)/\(version)/bin/\(name)"
    }

    private static func asPostgres(_ program: String, _ arguments: [String]) async throws {
        try await run("/usr/bin/env", ["runuser", "-u", "postgres", "--", program] + arguments)
    }

    /// Runs `program` to its end (``runProgram(_:_:workingDirectory:)``) from `/`, which the
    /// postgres user may enter (the tests' folder may be root's only); throws with its output
    /// when it fails.
    private static func run(_ program: String, _ arguments: [String]) async throws {
        let (status, output) = try await runProgram(program, arguments, workingDirectory: "/")
        guard status == 0 else {
            throw ServerProcessError(message: "\(program) \(arguments.joined(separator: " ")) failed (exit \(status)): \(output)")
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerProcessError(message: "socket() failed: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw ServerProcessError(message: "could not find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The stores a test server can keep its records in.
package enum TestStore: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    package var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// For PostgreSQL, a new empty database on the shared cluster (its URL); `nil` for SQLite,
    /// which keeps records in the server's data folder.
    package func newDatabase() async throws -> String? {
        switch self {
        case .sqlite: nil
        case .postgres: try await PostgresCluster.shared.createDatabase()
        }
    }
}
