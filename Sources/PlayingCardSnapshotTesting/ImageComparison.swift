public import PlayingCardRendering

/// How closely two images must match: a tolerance per colour channel, and the fraction of
/// pixels allowed to go beyond it.
public struct ImageComparison: Sendable, Hashable {
    /// The largest difference in any channel (0–255, straight alpha) that still counts as equal.
    public var tolerance: Int
    /// The fraction of pixels (0–1) that may differ by more than ``tolerance``.
    public var maximumDifferingFraction: Double

    /// A comparison; by default exact to within 2 levels a channel, with no pixel beyond that.
    public init(tolerance: Int = 2, maximumDifferingFraction: Double = 0) {
        self.tolerance = tolerance
        self.maximumDifferingFraction = maximumDifferingFraction
    }

    /// What differs between two images.
    public struct Difference: Sendable, Hashable, CustomStringConvertible {
        /// Pixels beyond the tolerance.
        public var differingPixels: Int
        /// All pixels compared.
        public var totalPixels: Int
        /// The largest channel difference found.
        public var largestDifference: Int
        /// A size mismatch, when the images differ in size.
        public var sizes: (reference: (Int, Int), actual: (Int, Int))?

        /// Says how many pixels differ and by how much.
        public var description: String {
            if let sizes {
                return "the image is \(sizes.actual.0) × \(sizes.actual.1) px; the reference is \(sizes.reference.0) × \(sizes.reference.1) px"
            }
            let percent = Double(differingPixels) / Double(max(totalPixels, 1)) * 100
            return "\(differingPixels) of \(totalPixels) pixels (\(percent.formatted2)%) differ by more than the tolerance; the largest channel difference is \(largestDifference)"
        }

        /// Equal counts, largest difference and sizes.
        public static func == (a: Difference, b: Difference) -> Bool {
            a.differingPixels == b.differingPixels && a.totalPixels == b.totalPixels && a.largestDifference == b.largestDifference
                && a.sizes.map { [$0.reference.0, $0.reference.1, $0.actual.0, $0.actual.1] } == b.sizes.map { [$0.reference.0, $0.reference.1, $0.actual.0, $0.actual.1] }
        }

        /// Hashes the counts and the largest difference.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(differingPixels)
            hasher.combine(totalPixels)
            hasher.combine(largestDifference)
        }
    }

    /// The difference between `reference` and `actual`, or `nil` when they match closely enough.
    public func difference(between reference: RasterImage, and actual: RasterImage) -> Difference? {
        guard reference.width == actual.width, reference.height == actual.height else {
            return Difference(differingPixels: max(reference.pixels.count, actual.pixels.count), totalPixels: max(reference.pixels.count, actual.pixels.count),
                              largestDifference: 255, sizes: ((reference.width, reference.height), (actual.width, actual.height)))
        }
        var differing = 0, largest = 0
        for i in reference.pixels.indices where reference.pixels[i] != actual.pixels[i] {
            let delta = Self.channelDifference(reference.pixels[i], actual.pixels[i])
            largest = max(largest, delta)
            if delta > tolerance { differing += 1 }
        }
        let total = reference.pixels.count
        guard Double(differing) > maximumDifferingFraction * Double(total) else { return nil }
        return Difference(differingPixels: differing, totalPixels: total, largestDifference: largest, sizes: nil)
    }

    /// The largest difference between the straight (not premultiplied) channels of two pixels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        let p = RasterImage(width: 1, height: 1, pixels: [a]).rgba(x: 0, y: 0)
        let q = RasterImage(width: 1, height: 1, pixels: [b]).rgba(x: 0, y: 0)
        return max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
    }

    /// An image showing where two images differ: differing pixels in bright magenta, the rest of
    /// the reference faded to a light grey, so that the differences stand out.
    public static func differenceImage(reference: RasterImage, actual: RasterImage) -> RasterImage {
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let inReference = x < reference.width && y < reference.height, inActual = x < actual.width && y < actual.height
                let r = inReference ? reference.pixels[y * reference.width + x] : 0
                let a = inActual ? actual.pixels[y * actual.width + x] : 0
                if r != a || inReference != inActual {
                    pixels[y * width + x] = 0xFFFF_00FF
                } else {
                    let p = reference.rgba(x: x, y: y)
                    let grey = (Int(p.red) + Int(p.green) + Int(p.blue)) / 3 * Int(p.alpha) / 255 + (255 - Int(p.alpha))
                    let faded = UInt32(200 + grey * 55 / 255)
                    pixels[y * width + x] = 0xFF00_0000 | faded << 16 | faded << 8 | faded
                }
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }
}

extension Double {
    var formatted2: String {
        let hundredths = (self * 100).rounded()
        let whole = Int(hundredths / 100), fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
