#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlayingCardRendering

/// Writes output files so that a failed run leaves nothing behind: each file goes to a temporary
/// name in its folder and is renamed into place; if any write fails, the files and the folder
/// this run created are removed.
struct OutputWriter {
    private var created: [String] = []
    private var createdFolders: [String] = []

    /// Makes `folder`, and any missing folders above it.
    mutating func prepare(folder: String) throws(Failure) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(output: "\(folder) exists and is not a folder") }
            return
        }
        if let slash = folder.dropLast().lastIndex(of: "/"), slash != folder.startIndex {
            try prepare(folder: String(folder[..<slash]))
        }
        guard mkdir(folder, 0o755) == 0 else {
            throw Failure(output: "cannot create folder \(folder): \(Self.lastError())")
        }
        createdFolders.append(folder)
    }

    /// Writes `bytes` to `path` atomically, remembering it if it is new.
    mutating func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        var info = stat()
        let existed = stat(path, &info) == 0
        do {
            try FileOutput.write(bytes, to: path)
        } catch {
            throw Failure(error)
        }
        if !existed { created.append(path) }
    }

    /// Remembers a file this run created, to remove if the run fails.
    mutating func remember(_ path: String) {
        created.append(path)
    }

    /// Removes what this run created: called when the run fails.
    func rollBack() {
        for path in created { unlink(path) }
        for folder in createdFolders.reversed() { rmdir(folder) }
    }

    /// Writes every file, or none.
    static func writeAll(_ files: [(path: String, bytes: [UInt8])], into folder: String?) throws(Failure) {
        var writer = OutputWriter()
        do {
            if let folder { try writer.prepare(folder: folder) }
            for file in files { try writer.write(file.bytes, to: file.path) }
        } catch {
            writer.rollBack()
            throw error
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// `folder/name`.
func joinPath(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}
