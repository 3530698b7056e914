#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public import PlayingCards

/// Writes rendered bytes to files atomically: to a temporary name in the same folder, then
/// renamed into place, so a reader sees the old file or the new one and a failure leaves nothing.
public enum FileOutput {
    /// Writes `bytes` to `path`, replacing any file there.
    ///
    /// - Throws: ``RenderError`` (`output`) naming the path and the system's reason.
    public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(folder).\(name).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        let written = write(bytes, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Writes all of `bytes` to an open file descriptor (1 is standard output).
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + done, bytes.count - done)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func failure(_ path: String) -> RenderError {
        RenderError(.output, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

extension CardRenderer {
    /// Renders `card` and writes it to `path` atomically, in `format` or else the format the
    /// path's extension names.
    ///
    /// - Throws: ``RenderError``: `invalidStyle` when no format is given and the extension is
    ///   not `png`, `svg` or `pdf`; `output` when the file cannot be written.
    public func write(_ card: PlayingCard, to path: String, as format: ImageFormat? = nil) throws(RenderError) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let fileExtension = name.contains(".") ? String(name.split(separator: ".").last!) : ""
        guard let chosen = format ?? ImageFormat(fileExtension: fileExtension) else {
            throw RenderError(.invalidStyle, "cannot tell the format of \(path) from its extension: use .png, .svg or .pdf, or pass a format")
        }
        try FileOutput.write(render(card, as: chosen), to: path)
    }
}
