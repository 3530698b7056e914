import PlayingCardRendering
public import SnapshotTesting
import Foundation

extension Snapshotting where Value == [UInt8], Format == [UInt8] {
    /// PNG bytes compared as images: equal bytes pass at once; otherwise both are decoded (with
    /// Cairo) and compared pixel by pixel under `comparison`. The failure message says how many
    /// pixels differ and by how much. With `DiffTool.imageDifferences`
    /// as the diff tool, a difference image is written next to the failed image.
    public static func png(_ comparison: ImageComparison = ImageComparison()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(comparison))
    }
}

extension Diffing where Value == [UInt8] {
    /// The PNG comparison behind `Snapshotting.png(_:)`.
    public static func png(_ comparison: ImageComparison) -> Diffing {
        Diffing.diff(
            toData: { Data($0) },
            fromData: { [UInt8]($0) },
            diffV2: { reference, actual in
                if reference == actual { return nil }
                let referenceImage: RasterImage, actualImage: RasterImage
                do {
                    referenceImage = try RasterImage(png: reference, name: "the reference")
                } catch {
                    return ("The reference could not be decoded: \(error)", [])
                }
                do {
                    actualImage = try RasterImage(png: actual, name: "the new image")
                } catch {
                    return ("The new image could not be decoded: \(error) (\(String(decoding: actual.prefix(300), as: UTF8.self)))", [])
                }
                guard let difference = comparison.difference(between: referenceImage, and: actualImage) else { return nil }
                return ("Images differ: \(difference) (tolerance \(comparison.tolerance) a channel, \(difference.totalPixels > 0 ? "at most \((comparison.maximumDifferingFraction * 100).formatted2)% of pixels" : "")).", [])
            }
        )
    }
}

extension SnapshotTestingConfiguration.DiffTool {
    /// Names both files, and for PNG images writes a difference image (differing pixels in
    /// magenta over a faded copy of the reference) beside the failed image, as `NAME-diff.png`.
    public static let imageDifferences = Self { referencePath, failedPath in
        var message = "reference: \(referencePath)\nnew image: \(failedPath)"
        if failedPath.hasSuffix(".png"),
           let reference = FileManager.default.contents(atPath: referencePath),
           let failed = FileManager.default.contents(atPath: failedPath),
           let referenceImage = try? RasterImage(png: [UInt8](reference)),
           let failedImage = try? RasterImage(png: [UInt8](failed)) {
            let diffPath = String(failedPath.dropLast(4)) + "-diff.png"
            let diff = ImageComparison.differenceImage(reference: referenceImage, actual: failedImage)
            if FileManager.default.createFile(atPath: diffPath, contents: Data(diff.pngData())) {
                message += "\ndifferences: \(diffPath)"
            }
        }
        return message
    }
}
