#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading files with POSIX calls: the renderer does not need Foundation, and leaving it out
/// keeps `render-card` quick to start.
enum FileReading {
    enum Kind {
        case missing, file, folder, other
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The file's bytes, refusing files larger than `limit`.
    static func contents(of path: String, limit: Int) throws(RenderError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw RenderError(.artwork, "\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw RenderError(.artwork, "\(path): not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw RenderError(.artwork, "\(path): \(size) bytes is too large for artwork (at most \(limit >> 20) MiB)")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw RenderError(.artwork, "\(path): cannot be read (\(count < 0 ? String(cString: strerror(errno)) : "it ended early"))")
            }
            done += count
        }
        return bytes
    }
}
