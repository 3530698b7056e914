import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A `deck-server` process started by a test on a free loopback port, with its own data folder
/// or on a PostgreSQL database.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let dataFolder: URL
    /// The `--database` URL, when the server keeps its records in PostgreSQL.
    let database: String?
    private(set) var baseURL = ""
    private let output = Pipe()
    private let errors = Pipe()
    private let exited = ProcessExit()

    /// Starts the built `deck-server` on 127.0.0.1 with `--port 0`, waiting until it listens.
    init(dataFolder: URL? = nil, database: String? = nil, arguments: [String] = []) async throws {
        self.database = database
        self.dataFolder = dataFolder ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("deck-server-test-\(UUID().uuidString)")
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("deck-server")
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--data", self.dataFolder.path, "--log-level", "warning"]
            + (database.map { ["--database", $0] } ?? []) + arguments
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        baseURL = try await readListeningLine()
    }

    private func readListeningLine() async throws -> String {
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        while Date() < deadline {
            let data = await onOwnThread { self.output.fileHandleForReading.availableData }
            if data.isEmpty {
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("deck-server listening on ") }) {
                return String(line.dropFirst("deck-server listening on ".count))
            }
        }
        throw ServerProcessError(message: "deck-server did not start: \(text)")
    }

    /// Everything the server wrote to standard error so far (after it stopped: all of it).
    func errorOutput() async -> String {
        await onOwnThread { String(decoding: self.errors.fileHandleForReading.availableData, as: UTF8.self) }
    }

    /// Stops the server with SIGTERM (a graceful stop) and waits; returns its exit status.
    @discardableResult
    func stop() async -> Int32 {
        if process.isRunning { process.terminate() }
        await exited.wait()
        return process.terminationStatus
    }

    /// Kills the server with SIGKILL, as a crash would.
    func kill() async {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        await exited.wait()
    }

    /// Stops the server, if it still runs, and removes its data folder.
    func stopAndRemoveData() async {
        await stop()
        removeData()
    }

    /// Removes the data folder.
    func removeData() {
        try? FileManager.default.removeItem(at: dataFolder)
    }

    deinit {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// An HTTP answer: status, headers and the body.
struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

}

extension HTTPClient {
    /// A request to `url` with `headers`, and `form` as its body when given.
    func call(_ url: String, method: HTTPMethod = .GET, form: String? = nil, headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let form { request.body = .bytes(ByteBuffer(string: form)) }
        let response = try await execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Array(buffer: body))
    }
}

/// Runs the built `deck-server` with `arguments` until it exits (as it should at once);
/// returns its exit status and what it wrote to standard error.
func runToExit(_ arguments: [String]) async throws -> (status: Int32, errors: String) {
    try await onOwnThread {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("deck-server")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
