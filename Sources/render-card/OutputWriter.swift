import Foundation

/// Writes output files so that a failed run leaves nothing behind: each file goes to a temporary
/// name in its folder and is renamed into place; if any write fails, the files and the folder
/// this run created are removed.
struct OutputWriter {
    private var created: [String] = []
    private var createdFolder: String?

    /// Makes `folder` if it does not exist (its parent must).
    mutating func prepare(folder: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Failure(output: "\(folder) exists and is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            createdFolder = folder
        } catch {
            throw Failure(output: "cannot create folder \(folder): \(Self.reason(error))")
        }
    }

    /// Writes `bytes` to `path` atomically.
    mutating func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            if FileManager.default.fileExists(atPath: path) {
                _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
            } else {
                try FileManager.default.moveItem(at: temporary, to: url)
                created.append(path)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(output: "cannot write \(path): \(Self.reason(error))")
        }
    }

    /// Removes what this run created: called when the run fails.
    func rollBack() {
        for path in created { try? FileManager.default.removeItem(atPath: path) }
        if let createdFolder { try? FileManager.default.removeItem(atPath: createdFolder) }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
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
}
