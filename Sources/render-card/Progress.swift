import Dispatch
import PlayingCardRendering
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A progress bar on standard error for long work: count, total and rate, redrawn in place.
/// Silent when standard error is not a terminal, or with `--quiet`.
final class Progress: Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private let shown = Mutex(-1)

    init(_ label: String, total: Int, quiet: Bool) {
        self.label = label
        self.total = total
        enabled = !quiet && isatty(2) == 1
    }

    /// Reports `done` of the total; safe from any thread.
    func update(_ done: Int) {
        guard enabled else { return }
        // Draw each count once, and never go backwards when threads race.
        let draw = shown.withLock { last -> Bool in
            guard done > last else { return false }
            last = done
            return true
        }
        guard draw else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let width = 30, filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let line = "\r\(label) [\(bar)] \(done)/\(total)  \(Int(rate.rounded())) \(label == "print" ? "pages" : "cards")/s"
        _ = FileOutput.write(Array(line.utf8), to: 2)
    }

    /// Ends the bar's line.
    func finish() {
        guard enabled else { return }
        _ = FileOutput.write(Array("\n".utf8), to: 2)
    }
}
