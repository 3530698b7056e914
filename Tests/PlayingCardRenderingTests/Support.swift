import Foundation
import PlayingCardRendering

/// Shared helpers for the renderer's tests.
enum Support {
    /// Width and height from a PNG's IHDR chunk, and its colour type.
    static func pngHeader(_ bytes: [UInt8]) -> (width: Int, height: Int, colorType: UInt8)? {
        guard bytes.count > 26, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20), bytes[25])
    }

    /// A fresh folder under the temporary directory, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a program, returning its exit status and standard output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Where a command is on the PATH.
    static func which(_ command: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(command)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The fraction of pixels whose channels differ by more than `tolerance`.
    static func differingFraction(_ a: RasterImage, _ b: RasterImage, tolerance: Int) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.rgba(x: x, y: y), q = b.rgba(x: x, y: y)
                // Fully transparent pixels have no colour to compare.
                if p.alpha == 0 && q.alpha == 0 { continue }
                let deltas = [Int(p.red) - Int(q.red), Int(p.green) - Int(q.green), Int(p.blue) - Int(q.blue), Int(p.alpha) - Int(q.alpha)]
                if deltas.contains(where: { abs($0) > tolerance }) { differing += 1 }
            }
        }
        return Double(differing) / Double(a.width * a.height)
    }
}
