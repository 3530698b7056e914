#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The library's default generator: cryptographically secure, fast, and safe from any thread.
///
/// Each thread has its own ChaCha20 keystream, keyed with 256 bits from the operating system,
/// so a draw is a read from memory rather than a system call, and threads never contend.
///
/// Re-keying policy:
/// - **Fast key erasure** (Bernstein): the keystream is made 1 KiB (16 blocks) at a time; its
///   first 32 bytes become the next key and are never output, and each word is wiped from
///   memory as it is handed out. Whoever reads the state later cannot recover earlier output.
/// - **Fresh key from the system** after every 1,024 refills (about 1 MiB of output) per thread,
///   so that a state leak does not predict output for long.
/// - **After `fork()`** the child re-keys from the system before its next draw, so parent and
///   child never share a stream.
///
/// ```swift
/// var generator = SecureRandom()
/// let roll = Int.random(in: 1...6, using: &generator)
/// ```
public struct SecureRandom: RandomNumberGenerator, Sendable {
    /// A handle to the calling thread's generator.
    public init() {}

    /// The next 64 secure random bits from the calling thread's keystream.
    @inlinable
    public mutating func next() -> UInt64 {
        SecureEngine.nextWord()
    }
}

/// A fast-key-erasure ChaCha20 keystream, one per thread (see ``SecureRandom``).
@usableFromInline
final class SecureEngine {
    /// 16 ChaCha20 blocks, 1 KiB.
    @inlinable static var wordsPerRefill: Int { 128 }
    static let refillsPerSystemKey = 1024

    private var key: SIMD8<UInt32>
    @usableFromInline let words: UnsafeMutablePointer<UInt64>
    /// The index of the next word to hand out. Kept in raw memory rather than a stored `var`,
    /// so that reading a word needs no dynamic exclusivity check.
    @usableFromInline let cursor: UnsafeMutablePointer<Int>
    private var refills = 0
    private var forkGeneration: UInt64
    /// `false` for a fixed key in tests: never re-keyed from the system.
    private let reseeds: Bool

    /// An engine keyed from the operating system.
    convenience init() {
        self.init(key: Self.systemKey(), reseeds: true)
    }

    /// 256 bits from the operating system's secure random source.
    private static func systemKey() -> SIMD8<UInt32> {
        var system = SystemRandomNumberGenerator()
        return ChaCha20.key(system.next(), system.next(), system.next(), system.next())
    }

    /// An engine with a fixed key, for tests.
    init(key: SIMD8<UInt32>, reseeds: Bool = false) {
        self.key = key
        self.reseeds = reseeds
        words = .allocate(capacity: Self.wordsPerRefill)
        words.initialize(repeating: 0, count: Self.wordsPerRefill)
        cursor = .allocate(capacity: 1)
        cursor.initialize(to: Self.wordsPerRefill)
        forkGeneration = secureForkGeneration
    }

    deinit {
        words.update(repeating: 0, count: Self.wordsPerRefill)
        words.deallocate()
        cursor.deallocate()
    }

    @inlinable
    func next() -> UInt64 {
        if cursor.pointee == SecureEngine.wordsPerRefill { refill() }
        let position = cursor.pointee
        let word = words[position]
        words[position] = 0
        cursor.pointee = position + 1
        return word
    }

    @usableFromInline
    func refill() {
        refills += 1
        if reseeds, refills >= Self.refillsPerSystemKey || forkGeneration != secureForkGeneration {
            key = Self.systemKey()
            refills = 0
            forkGeneration = secureForkGeneration
        }
        for block in stride(from: 0, to: 16, by: 4) {
            ChaCha20.fourBlocks(key: key, counter: UInt64(block), nonce: 0, into: words + block * 8)
        }
        key = ChaCha20.key(words[0], words[1], words[2], words[3])
        words.update(repeating: 0, count: 4)
        cursor.pointee = 4
    }

    /// The next word of the calling thread's engine.
    @usableFromInline
    static func nextWord() -> UInt64 {
        current._withUnsafeGuaranteedRef { $0.next() }
    }

    /// The calling thread's engine, made on first use. The thread-specific slot keeps it alive
    /// until the thread ends, so callers on this thread may use it without retaining it.
    @usableFromInline
    static var current: Unmanaged<SecureEngine> {
        let slot = secureEngineKey
        if let raw = pthread_getspecific(slot) { return Unmanaged.fromOpaque(raw) }
        let engine = Unmanaged.passRetained(SecureEngine())
        pthread_setspecific(slot, engine.toOpaque())
        return engine
    }
}

/// The calling thread's ``SecureEngine``, looked up once and read directly: what the library's
/// own secure shuffles use, to skip the thread-specific lookup on every word. Use it only on
/// the thread that made it, and not beyond the call that made it.
@usableFromInline
struct ThreadSecureGenerator: RandomNumberGenerator {
    @usableFromInline let engine: Unmanaged<SecureEngine>

    @inlinable
    init() {
        engine = SecureEngine.current
    }

    @inlinable
    mutating func next() -> UInt64 {
        engine._withUnsafeGuaranteedRef { $0.next() }
    }
}

/// Counts forks: the child handler bumps it, and each engine compares it with the count it
/// was keyed under. Written only in a just-forked child while it has a single thread.
nonisolated(unsafe) private var secureForkGeneration: UInt64 = 0

/// The thread-specific slot holding each thread's ``SecureEngine``; released when the thread ends.
private let secureEngineKey: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<SecureEngine>.fromOpaque(raw).release()
    }
    precondition(created == 0, "pthread_key_create failed (\(created)): no thread-specific slot for the secure generator")
    pthread_atfork(nil, nil) { secureForkGeneration &+= 1 }
    return key
}()
