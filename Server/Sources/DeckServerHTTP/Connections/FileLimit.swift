#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files, which bounds its connections.
public enum FileLimit {
    /// Descriptors kept free for what is not a client connection: the database, the log,
    /// listening sockets, threads' pipes.
    public static let reserve = 128

    /// Raises the soft limit on open files to the hard limit and returns the new soft limit
    /// (the old one when it cannot be raised).
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return files(limit.rlim_cur)
    }

    /// The soft limit on open files as it is now.
    public static func softLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return files(limit.rlim_cur)
    }

    private static func files(_ value: rlim_t) -> Int {
        value > rlim_t(Int32.max) ? Int(Int32.max) : Int(value)
    }

    /// The default bound on open connections under a soft limit of `files`: the limit less
    /// ``reserve``, and at most 16,384.
    public static func defaultMaxConnections(files: Int) -> Int {
        max(16, min(16_384, files - reserve))
    }

    /// The default bound on open table event streams under a bound of `connections`: three
    /// quarters of it, so that a server full of streams still has a quarter of its connections
    /// for ordinary requests (each stream holds a connection for as long as it is open).
    public static func defaultMaxStreams(connections: Int) -> Int {
        max(1, connections * 3 / 4)
    }
}
