import ArgumentParser
import PlayingCardRendering


/// A failure with the exit code `--help` documents for its kind.
struct Failure: Error {
    var message: String
    var exitCode: Int32

    /// 65 bad artwork, 70 drawing failed, 73 output not written, 64 anything else the user gave.
    init(_ error: RenderError) {
        message = error.message
        switch error.code {
        case .artwork: exitCode = 65
        case .drawing: exitCode = 70
        case .output: exitCode = 73
        case .invalidSize, .invalidStyle: exitCode = 64
        }
    }

    init(output message: String) {
        self.message = message
        exitCode = 73
    }

    init(usage message: String) {
        self.message = message
        exitCode = 64
    }
}

/// Runs a command body, printing a failure's message and exiting with its code.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as Failure {
        throw exit(failure)
    } catch let error as RenderError {
        throw exit(Failure(error))
    }
}

private func exit(_ failure: Failure) -> ExitCode {
    _ = FileOutput.write(Array("render-card: error: \(failure.message)\n".utf8), to: 2)
    return ExitCode(failure.exitCode)
}
