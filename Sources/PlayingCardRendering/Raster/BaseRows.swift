#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlayingCardLayout
import Synchronization

/// The pixels of a plan's first layer alone (a card's face and outline), row by row, each
/// different row kept once: most rows of a card's background are the same row.
///
/// The first card a renderer draws records them; every later card of the same size starts each
/// band from these rows instead of clearing it and having Cairo draw the background again. The
/// first layer is drawn on cleared pixels, so its rows are the same for every card, and the
/// layers after it are drawn over them exactly as before.
final class BaseRows: @unchecked Sendable {
    // Unchecked: filled by one render, read only once it is in a BaseRowCache.

    let width: Int
    /// For each row of the picture, the kept row it shows.
    private var rowIndex: [Int]
    private var kept: [UInt32] = []
    private var keptCount = 0
    private var complete: [Bool]

    init(width: Int, height: Int) {
        self.width = width
        rowIndex = Array(repeating: -1, count: height)
        complete = Array(repeating: false, count: height)
    }

    /// Whether every row has been recorded.
    var isComplete: Bool { !complete.contains(false) }

    /// Records rows `top ..< top + rows` from a band holding the first layer alone.
    func record(_ pixels: UnsafeRawPointer, stride: Int, top: Int, rows: Int) {
        for r in 0..<rows {
            let row = pixels + r * stride
            let last = keptCount - 1
            let same = last >= 0 && kept.withUnsafeBytes { memcmp($0.baseAddress! + last * width * 4, row, width * 4) == 0 }
            if !same {
                kept.append(contentsOf: UnsafeBufferPointer(start: row.assumingMemoryBound(to: UInt32.self), count: width))
                keptCount += 1
            }
            rowIndex[top + r] = keptCount - 1
            complete[top + r] = true
        }
    }

    /// Writes rows `top ..< top + rows` into a band.
    func paint(into pixels: UnsafeMutableRawPointer, stride: Int, top: Int, rows: Int) {
        kept.withUnsafeBytes { source in
            for r in 0..<rows {
                memcpy(pixels + r * stride, source.baseAddress! + rowIndex[top + r] * width * 4, width * 4)
            }
        }
    }
}

/// The first-layer rows a renderer has recorded, by the layer and the picture's size.
final class BaseRowCache: Sendable {
    struct Key: Hashable, Sendable {
        var item: Drawing.Item
        var chain: [AffineTransform]
        var width: Int
        var height: Int
    }

    /// The most pictures kept (a renderer draws cards of one size; scenes add a few).
    let limit: Int
    private let table = Mutex<[Key: BaseRows]>([:])

    init(limit: Int = 8) {
        self.limit = limit
    }

    func rows(for key: Key) -> BaseRows? {
        table.withLock { $0[key] }
    }

    func keep(_ rows: BaseRows, for key: Key) {
        table.withLock { table in
            if table[key] == nil && table.count < limit { table[key] = rows }
        }
    }
}
