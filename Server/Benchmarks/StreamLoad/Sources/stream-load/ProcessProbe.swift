#if canImport(Glibc)
import Glibc
#endif

/// What the client reads of processes: the servers' resident memory and CPU time from
/// `/proc`, its own CPU time from `getrusage`, and its file limit.
enum ProcessProbe {
    /// The whole of a small file (a `/proc` entry), or `nil` when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// `VmRSS` of `pid`, in KiB (from the whole of `/proc/<pid>/status`).
    static func residentKiB(_ pid: Int32) -> Int? {
        guard let status = read("/proc/\(pid)/status") else { return nil }
        for line in String(decoding: status, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    /// utime + stime of `pid` (fields 14 and 15 of `/proc/<pid>/stat`), in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = read("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command's ")": state is field 3, so utime (14) and stime (15) are at 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU seconds (user + system) of this process (`RUSAGE_SELF`) or of the calling
    /// thread (`RUSAGE_THREAD`).
    static func ownCPUSeconds(thread: Bool = false) -> Double {
        var usage = rusage()
        // RUSAGE_THREAD (1) is a GNU extension that Glibc's module leaves out; RUSAGE_SELF is 0.
        getrusage(__rusage_who_t(thread ? 1 : 0), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Raises the soft limit of open files to the hard one; returns the limit now.
    @discardableResult
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }
}
