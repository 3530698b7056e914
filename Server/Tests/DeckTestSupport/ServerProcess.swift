import Foundation
import Subprocess
import SystemPackage
import Synchronization

/// A `deck-server` process started by a test on a free loopback port, with its own data folder
/// or on a PostgreSQL database.
///
/// The process runs inside swift-subprocess's `run`, in a task this object owns: the task reads
/// the process's output as it comes (so it never blocks on a full pipe) and ends when the
/// process has exited.
package final class ServerProcess: Sendable {
    package let dataFolder: URL
    /// The `--database` URL, when the server keeps its records in PostgreSQL.
    package let database: String?
    package let baseURL: String
    /// The process id, for signals and `/proc`.
    package let processIdentifier: pid_t
    /// The options the test gave (those the launcher adds aside).
    package let arguments: [String]
    private let errors = Gathered()
    private let life = Life()
    /// Runs the process; its value is the exit code.
    private let running: Task<Int32, any Error>

    /// Starts the built `deck-server` on 127.0.0.1 and `port` (a free one unless given),
    /// waiting until it listens.
    ///
    /// Holds last an hour unless `arguments` say otherwise: a test holds a stack and then
    /// drags it, and a busy machine can take more than the default 5 s between the two. When a
    /// hold runs out is for the model's tests, on times they choose.
    package init(dataFolder: URL? = nil, database: String? = nil, port: Int = 0, arguments: [String] = []) async throws {
        self.database = database
        self.arguments = arguments
        let dataFolder = dataFolder ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("deck-server-test-\(UUID().uuidString)")
        self.dataFolder = dataFolder
        let program = Bundle.main.bundleURL.appendingPathComponent("deck-server").path
        let allArguments = ["--host", "127.0.0.1", "--port", "\(port)", "--data", dataFolder.path, "--log-level", "warning"]
            + (database.map { ["--database", $0] } ?? [])
            + (arguments.contains { $0.hasPrefix("--hold-seconds") } ? [] : ["--hold-seconds", "3600"]) + arguments
        let errors = errors
        let life = life
        // The listening line's URL, once it is written; finished without it when the process
        // ends first.
        let (started, start) = AsyncStream<String>.makeStream()
        let running = Task {
            defer {
                life.exited()
                start.finish()
            }
            let result = try await run(
                .path(FilePath(program)), arguments: Arguments(allArguments), input: .none, output: .sequence, error: .sequence
            ) { execution in
                life.started(execution.processIdentifier.value)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await chunk in execution.standardError {
                            chunk.withUnsafeBytes { errors.append($0) }
                        }
                    }
                    group.addTask {
                        for try await line in execution.standardOutput.strings() where line.hasPrefix(Self.listeningPrefix) {
                            start.yield(String(line.dropFirst(Self.listeningPrefix.count)))
                        }
                    }
                    try await group.waitForAll()
                }
            }
            return exitCode(result.terminationStatus)
        }
        // The listening line, or nothing within a minute (a bound for a server that hangs).
        let url = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await url in started { return url }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let url, let pid = life.processIdentifier else {
            // Never left running: killed, and waited for.
            life.signal(SIGKILL)
            let status = (try? await running.value).map { "exit \($0)" } ?? "did not run"
            throw ServerProcessError(message: "deck-server did not start within a minute (\(status)): \(errors.text)")
        }
        self.processIdentifier = pid
        self.baseURL = url
        self.running = running
        if database != nil {
            // Listening, the server may still be opening its first database connections; a
            // test starts once it answers from the database (on a busy machine the first
            // connections took over the 2 s a request waits for one).
            try await waitUntil("deck-server to answer from its database") {
                let answer = try await RawHTTP.exchange(port: self.port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return RawHTTP.status(answer) == 200
            }
        }
    }

    private static let listeningPrefix = "deck-server listening on "

    /// Two servers on one PostgreSQL database (its URL), started together: what the tests of
    /// changes that cross instances run against.
    package static func two(on database: String, arguments: [String] = []) async throws -> (ServerProcess, ServerProcess) {
        async let first = ServerProcess(database: database, arguments: arguments)
        async let second = ServerProcess(database: database, arguments: arguments)
        return try await (first, second)
    }

    /// Stops this server (SIGTERM) and starts another on the same port, data and options, as
    /// a redeploy does: every open connection drops, and clients come back to the same address.
    package func restarted() async throws -> ServerProcess {
        await stop()
        return try await ServerProcess(dataFolder: dataFolder, database: database, port: port, arguments: arguments)
    }

    /// Everything the server wrote to standard error so far (after it stopped: all of it).
    package func errorOutput() async -> String {
        errors.text
    }

    /// Sends SIGTERM (a graceful stop) and returns at once.
    package func terminate() {
        life.signal(SIGTERM)
    }

    /// Stops the server with SIGTERM (a graceful stop) and waits; returns its exit code.
    @discardableResult
    package func stop() async -> Int32 {
        await stop(with: SIGTERM)
    }

    /// Kills the server with SIGKILL, as a crash would.
    package func kill() async {
        await stop(with: SIGKILL)
    }

    private func stop(with signal: Int32) async -> Int32 {
        life.signal(signal)
        return (try? await running.value) ?? -1
    }

    /// The exit code once the process has exited by itself (for a test of how soon it stops).
    /// Should the waiting task be cancelled, as a test's time limit does, the process is
    /// killed first, so that the wait ends.
    package func waitForExit() async -> Int32 {
        let (running, life) = (running, life)
        return await withTaskCancellationHandler {
            (try? await running.value) ?? -1
        } onCancel: {
            life.signal(SIGKILL)
        }
    }

    /// The process's id while it runs: signals go to it only until it has exited, so never to
    /// a reused id.
    private final class Life: Sendable {
        private let state = Mutex<(id: pid_t?, exited: Bool)>((nil, false))

        var processIdentifier: pid_t? { state.withLock { $0.id } }
        func started(_ id: pid_t) { state.withLock { $0.id = id } }
        func exited() { state.withLock { $0.exited = true } }

        /// Sends `signal` while the process runs; nothing once it has exited.
        func signal(_ signal: Int32) {
            state.withLock { state in
                if let id = state.id, !state.exited { _ = Foundation.kill(id, signal) }
            }
        }
    }

    /// What the process wrote to one of its outputs so far.
    private final class Gathered: Sendable {
        private let bytes = Mutex<[UInt8]>([])

        func append(_ chunk: UnsafeRawBufferPointer) { bytes.withLock { $0 += chunk } }
        var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
    }

    /// Stops the server, if it still runs, and removes its data folder.
    package func stopAndRemoveData() async {
        await stop()
        removeData()
    }

    /// Removes the data folder.
    package func removeData() {
        try? FileManager.default.removeItem(at: dataFolder)
    }

    deinit {
        life.signal(SIGKILL)
    }
}

package struct ServerProcessError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    package init(message: String) { self.message = message }
}
