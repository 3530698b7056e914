#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlayingCardRendering
import Synchronization

/// An ``OutputWriter`` that the threads rendering a deck write through at once, each file as
/// soon as its card is drawn; what the run created is removed if it fails.
final class SharedOutputWriter: Sendable {
    private let writer: Mutex<OutputWriter>

    /// A writer into `folder`, made now if missing.
    init(folder: String) throws(Failure) {
        var writer = OutputWriter()
        try writer.prepare(folder: folder)
        self.writer = Mutex(writer)
    }

    /// Writes `bytes` to `path` atomically (see ``FileOutput``), remembering it if it is new.
    func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        var info = stat()
        let existed = stat(path, &info) == 0
        try FileOutput.write(bytes, to: path)
        if !existed { writer.withLock { $0.remember(path) } }
    }

    /// Removes the files and folders this run created.
    func rollBack() {
        writer.withLock { $0.rollBack() }
    }
}
