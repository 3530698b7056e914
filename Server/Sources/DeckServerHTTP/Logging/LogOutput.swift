#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where the server's log lines go: standard error, written in batches.
///
/// Writing and flushing one line per request took a fifth of the server's time under load, so
/// lines are collected in memory and written by ``flush()``: from ``LogFlushService`` a few times
/// a second and when the server stops, at once for warnings and worse, and whenever a batch
/// grows large. A process killed with SIGKILL may lose the lines of its last fraction of a second.
public final class LogOutput: Sendable {
    /// A batch this large is written at once, without waiting for the next flush.
    static let batchBytes = 64 * 1024

    private struct Batch {
        var bytes: [UInt8] = []
        /// The second whose timestamp text is cached, and that text.
        var second = -1
        var timestamp: [UInt8] = []
    }

    private let batch = Mutex(Batch())
    /// Held while a batch is written, so batches reach the file in the order they were taken.
    private let writing = Mutex(())
    private let descriptor: Int32

    /// Output to standard error.
    public static let standardError = LogOutput(descriptor: 2)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Adds one line: the timestamp, `text` and a newline.
    func append(_ text: [UInt8], urgent: Bool) {
        let full = batch.withLock { batch -> Bool in
            Self.appendTimestamp(to: &batch)
            batch.bytes.append(contentsOf: text)
            batch.bytes.append(UInt8(ascii: "\n"))
            return batch.bytes.count >= Self.batchBytes
        }
        if urgent || full { flush() }
    }

    /// Writes every line collected so far.
    public func flush() {
        writing.withLock { _ in
            let bytes = batch.withLock { batch -> [UInt8] in
                defer { batch.bytes.removeAll(keepingCapacity: true) }
                return batch.bytes
            }
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return  // Nowhere to report a failing log file; the lines are dropped.
                    }
                    offset += written
                }
            }
        }
    }

    /// `2026-11-23T14:17:32+0000 ` in local time, formatted once a second.
    private static func appendTimestamp(to batch: inout Batch) {
        var now = time(nil)
        if now != batch.second {
            var local = tm()
            var text = [CChar](repeating: 0, count: 64)
            localtime_r(&now, &local)
            let length = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S%z ", &local)
            batch.timestamp = text[..<length].map { UInt8(bitPattern: $0) }
            batch.second = now
        }
        batch.bytes.append(contentsOf: batch.timestamp)
    }
}
