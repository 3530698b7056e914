import Foundation
import Logging
import PostgresNIO

/// A `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]` address,
/// read into what postgres-nio needs.
public struct PostgresDatabaseURL: Sendable, Hashable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The role to log in as.
    public var user: String
    /// The role's password, when the URL has one.
    public var password: String?
    /// The database name.
    public var database: String
    /// Whether to use TLS: `disable`, `prefer` (the default, as in libpq) or `require`.
    public var sslMode: String

    /// Reads `text`.
    ///
    /// - Throws: ``ParseError`` naming the bad part and showing the allowed form.
    public init(_ text: String) throws(ParseError) {
        let form = "give postgres://user[:password]@host[:port]/database, such as postgres://deck@127.0.0.1:5432/decks"
        guard let components = URLComponents(string: text), let scheme = components.scheme,
              ["postgres", "postgresql"].contains(scheme.lowercased())
        else { throw ParseError("'\(text)' is not a postgres:// URL: \(form)") }
        guard let host = components.host, !host.isEmpty else { throw ParseError("'\(text)' has no host: \(form)") }
        guard let user = components.user, !user.isEmpty else { throw ParseError("'\(text)' has no user: \(form)") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw ParseError("'\(text)' has no database name after the host: \(form)")
        }
        var sslMode = "prefer"
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode", let value = item.value, ["disable", "prefer", "require"].contains(value) else {
                throw ParseError("'\(text)': the only option is sslmode=disable, prefer or require, not '\(item.name)=\(item.value ?? "")'")
            }
            sslMode = value
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.user = components.user.map { $0.removingPercentEncoding ?? $0 } ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = sslMode
    }

    /// The address without the password, for logs and messages.
    public var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }

    /// The pool's configuration: at most `connections` connections, two of them (or one) kept
    /// open even when idle. postgres-nio arms an idle-timeout timer for every other connection
    /// each time it is handed back; the connections that groups of changes hold are among the
    /// two kept.
    func clientConfiguration(connections: Int) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case "disable": .disable
        case "require": .require(.makeClientConfiguration())
        default: .prefer(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.maximumConnections = connections
        configuration.options.minimumConnections = min(2, connections)
        configuration.options.connectTimeout = .seconds(3)
        return configuration
    }

    /// A postgres-nio pool of at most `connections` connections to this database (see
    /// ``clientConfiguration(connections:)``), which serves once its `run()` runs.
    ///
    /// The pool's own log is kept to errors: the one warning postgres-nio logs is for a lease
    /// asked for before `run()` began, which the concurrent start of the server's services
    /// allows, and which is harmless (the lease waits for the pool).
    func client(connections: Int, logger: Logger) -> PostgresClient {
        var background = logger
        background.logLevel = max(logger.logLevel, .error)
        return PostgresClient(configuration: clientConfiguration(connections: connections), backgroundLogger: background)
    }

    /// A URL that could not be read, with a message naming the bad part.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What was wrong and what is allowed.
        public let message: String
        init(_ message: String) { self.message = message }
        public var description: String { message }
    }
}
