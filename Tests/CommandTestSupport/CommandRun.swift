import Foundation

/// One run of a built executable, as the end-to-end tests make it.
public struct CommandRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var data: Data
    /// Everything written to standard error.
    public var error: String

    /// Standard output as text.
    public var output: String { String(decoding: data, as: UTF8.self) }

    /// Runs the executable called `name` from the build products folder (where the test bundle
    /// sits) with `arguments`, waiting for it to finish.
    public static func run(_ name: String, _ arguments: [String]) throws -> CommandRun {
        try run(executable(name), arguments)
    }

    /// Runs the program at `url` with `arguments`, waiting for it to finish.
    public static func run(_ url: URL, _ arguments: [String]) throws -> CommandRun {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, data: outputData, error: String(decoding: errorData, as: UTF8.self))
    }

    /// Where the built executable called `name` is.
    public static func executable(_ name: String) -> URL {
        Bundle.main.bundleURL.appendingPathComponent(name)
    }
}
