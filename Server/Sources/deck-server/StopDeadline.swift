import Foundation
import UnixSignals

/// The bound on a stop. Once SIGTERM or SIGINT has come, the server stops gracefully within
/// `--drain-timeout`; should something keep the stop from ending (a task that never hears the
/// stop or its cancellation), the process would run on without listening. Past ``limit`` after
/// the signal, it says so on standard error and exits with 70 instead.
struct StopDeadline {
    /// How long a stop may take, from the first signal.
    let limit: Duration

    /// Waits for the first SIGTERM or SIGINT, then for ``limit``, then exits; returns when
    /// cancelled (the server stopped in time).
    func watch() async {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        for await _ in signals {
            do {
                try await Task.sleep(for: limit)
            } catch {
                return
            }
            // Straight to standard error: the log's own writer may have stopped already.
            FileHandle.standardError.write(Data("deck-server: the stop took longer than \(limit.components.seconds) s: exiting\n".utf8))
            // At once, without running exit handlers on a process whose other threads still run.
            _exit(70)
        }
    }
}
