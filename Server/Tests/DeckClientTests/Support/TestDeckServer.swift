import Foundation
import Synchronization

/// A `deck-server` started by a test on a free loopback port, on its own SQLite folder or on a
/// PostgreSQL database; stopped with SIGTERM, and started again on the same port and data.
///
/// The binary is the one built beside these tests (`DECK_SERVER` names another).
final class TestDeckServer: Sendable {
    let dataFolder: URL
    let database: String?
    private let state = Mutex<(process: Process?, port: Int)>((nil, 0))

    /// The server's base URL.
    var url: URL { URL(string: "http://127.0.0.1:\(state.withLock { $0.port })")! }

    static func program() throws -> String {
        let path = ProcessInfo.processInfo.environment["DECK_SERVER"] ?? Bundle.main.bundleURL.appendingPathComponent("deck-server").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestSupportError("\(path) is no deck-server binary: run these tests through `make test-client`, which builds it beside them")
        }
        return path
    }

    init(database: String? = nil) async throws {
        self.database = database
        dataFolder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-client-test-\(UUID().uuidString)")
        try await start(port: 0)
    }

    /// Starts the server and waits for its line `deck-server listening on URL`.
    func start(port: Int) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.program())
        process.arguments = ["--host", "127.0.0.1", "--port", "\(port)", "--data", dataFolder.path, "--log-level", "warning",
                             // Holds outlast a busy machine's pause between a hold and a drag.
                             "--creations-per-minute", "0", "--hold-seconds", "3600"] + (database.map { ["--database", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        let listening = ListeningLine()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; listening.ended() } else { listening.append(data) }
        }
        process.terminationHandler = { _ in listening.ended() }
        try process.run()
        guard let url = await listening.url(), let found = URLComponents(string: url)?.port else {
            process.terminate()
            throw TestSupportError("deck-server exited before it listened (status \(process.isRunning ? -1 : process.terminationStatus))")
        }
        state.withLock { $0 = (process, found) }
    }

    /// SIGTERM, and the wait for the exit.
    func stop() async {
        guard let process = state.withLock({ $0.process }) else { return }
        process.terminate()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                done.resume()
            }
        }
        state.withLock { $0.process = nil }
    }

    /// Stops the server and starts it again on the same port and data: every open connection drops.
    func restart() async throws {
        let port = state.withLock { $0.port }
        await stop()
        try await start(port: port)
    }

    deinit {
        state.withLock { $0.process?.terminate() }
        try? FileManager.default.removeItem(at: dataFolder)
    }
}

/// Collects a starting server's output until its listening line.
private final class ListeningLine: Sendable {
    private static let prefix = "deck-server listening on "
    private let state = Mutex<(text: String, waiter: CheckedContinuation<String?, Never>?, result: String??)>(("", nil, nil))

    func append(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        state.withLock { state in
            state.text += text
            guard state.result == nil, let line = state.text.split(separator: "\n").first(where: { $0.hasPrefix(Self.prefix) }) else { return }
            let url = String(line.dropFirst(Self.prefix.count)).trimmingCharacters(in: .whitespaces)
            state.result = .some(url)
            state.waiter?.resume(returning: url)
            state.waiter = nil
        }
    }

    func ended() {
        state.withLock { state in
            guard state.result == nil else { return }
            state.result = .some(nil)
            state.waiter?.resume(returning: nil)
            state.waiter = nil
        }
    }

    func url() async -> String? {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if let result = state.result { continuation.resume(returning: result) } else { state.waiter = continuation }
            }
        }
    }
}

struct TestSupportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
