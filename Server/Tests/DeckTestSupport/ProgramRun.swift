import Foundation
import Subprocess
import SystemPackage

// The programs the tests run, all through swift-subprocess: `runProgram` for one that runs to
// its end (`initdb`, `pg_ctl`, `deck-server` with bad options), and `ServerProcess` for the
// server while a test talks to it.

/// A program's exit, as a shell would give it: its status, or 128 and the signal that ended it.
package func exitCode(_ status: TerminationStatus) -> Int32 {
    switch status {
    case .exited(let code): code
    case .signaled(let signal): 128 + signal
    }
}

/// Runs `program` with `arguments` to its end; returns its exit code and what it wrote to
/// standard output and standard error, together.
///
/// The output goes to a file, not a pipe: a program may leave a child holding its output open
/// (`pg_ctl start` leaves the postmaster), and reading a pipe would wait for that child too.
package func runProgram(_ program: String, _ arguments: [String], workingDirectory: String? = nil) async throws -> (status: Int32, output: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("deck-server-test-output-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
    let result = try await run(
        .path(FilePath(program)), arguments: Arguments(arguments), workingDirectory: workingDirectory.map { FilePath($0) },
        output: .fileDescriptor(file, closeAfterSpawningProcess: true), error: .combinedWithOutput)
    let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return (exitCode(result.terminationStatus), output)
}

/// Runs the built `deck-server` with `arguments` until it exits (as it should at once);
/// returns its exit code and what it wrote.
package func runToExit(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await runProgram(Bundle.main.bundleURL.appendingPathComponent("deck-server").path, arguments)
}
