/// Why an upload is not taken as a background image, in words for the person who chose the
/// file: what is wrong with it and what is taken.
struct BackgroundImageError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong.
    enum Reason: Sendable, Equatable {
        /// The upload has this many bytes, more than ``BackgroundImage/maximumByteCount``.
        case tooManyBytes(Int)
        /// The first bytes are neither a PNG's nor a JPEG's; `looksLike` says what they seem
        /// to be, when that is clear.
        case notPNGOrJPEG(looksLike: String?)
        /// The header gives a side longer than ``BackgroundImage/maximumSide``.
        case tooManyPixels(width: Int, height: Int)
        /// The decoder of `format` (`PNG` or `JPEG`) failed, for `reason`: a damaged or
        /// cut-short file.
        case undecodable(format: String, reason: String)
        /// The server could not decode or encode a good image: its fault, not the upload's.
        case serverFailure(String)
    }

    /// What is wrong.
    let reason: Reason

    /// An error for `reason`.
    init(_ reason: Reason) {
        self.reason = reason
    }

    /// Whether the upload is at fault (a 4xx answer), rather than the server (a 5xx).
    var isUploadFault: Bool {
        if case .serverFailure = reason { return false }
        return true
    }

    /// The message for the person who chose the file: what is wrong, and what is taken.
    var description: String {
        let mebibyte = 1024 * 1024
        let maximumMiB = BackgroundImage.maximumByteCount / mebibyte
        let side = BackgroundImage.maximumSide
        let taken = "PNG or JPEG, at most \(maximumMiB) MiB and \(side) px a side"
        switch reason {
        case .tooManyBytes(let count):
            // Rounded up, so that an upload just over the limit does not read as 4.0 MiB.
            let tenths = (count * 10 + mebibyte - 1) / mebibyte
            return "the background image is \(tenths / 10).\(tenths % 10) MiB: images of at most \(maximumMiB) MiB "
                + "are taken (PNG or JPEG, at most \(side) px a side)"
        case .notPNGOrJPEG(let looksLike):
            let detail = looksLike.map { " (\($0))" } ?? ""
            return "the background image is not a PNG or JPEG image\(detail): save it as \(taken)"
        case .tooManyPixels(let width, let height):
            return "the background image is \(width) × \(height) px: images of at most \(side) px a side "
                + "are taken (PNG or JPEG, at most \(maximumMiB) MiB)"
        case .undecodable(let format, let reason):
            return "the background image could not be decoded as a \(format) (\(reason)): "
                + "it may be damaged or cut short; save it again as \(taken)"
        case .serverFailure(let reason):
            return "the server could not process the background image (\(reason)): try again later"
        }
    }
}
