import Dispatch
import PlayingCardLayout

/// What a scene is drawn on: a colour, or an image scaled to fill the canvas.
public enum SceneBackground: Sendable, Hashable {
    /// A plain colour; transparent when its alpha is 0.
    case color(Color)
    /// A PNG or SVG, scaled to cover the canvas (aspect kept, the overflow cut off).
    case image(ArtworkImage)

    /// Casino felt green, the default.
    public static let felt = SceneBackground.color(Color(red: 0x1E, green: 0x5C, blue: 0x3A))

    /// The longest a background image may take to decode, in seconds.
    public static let decodeTimeLimit = 5.0

    /// Loads a background image (PNG or SVG by extension), checking its size (16 MiB, 8192 px a
    /// side for PNG) and that it decodes within `timeLimit` seconds (``decodeTimeLimit`` unless
    /// given).
    ///
    /// - Throws: ``RenderError`` (`artwork`) naming the file.
    public static func load(path: String, timeLimit: Double = decodeTimeLimit) throws(RenderError) -> SceneBackground {
        let lowered = path.lowercased()
        guard let format: ArtworkImage.Format = lowered.hasSuffix(".png") ? .png : lowered.hasSuffix(".svg") ? .svg : nil else {
            throw RenderError(.artwork, "\(path): a background image must be a .png or .svg file")
        }
        guard FileReading.kind(of: path) == .file else {
            throw RenderError(.artwork, "\(path): no such file")
        }
        let image = try ArtworkFolder.image(at: path, format: format)
        try decodeWithinTimeLimit(image, seconds: timeLimit)
        return .image(image)
    }

    /// Decodes `image` once on another thread, giving up after `seconds`.
    static func decodeWithinTimeLimit(_ image: ArtworkImage, seconds: Double) throws(RenderError) {
        let done = DispatchSemaphore(value: 0)
        let outcome = DecodeOutcome()
        DispatchQueue.global().async {
            do {
                var probe = Drawing(width: 64, height: 64, title: "probe")
                probe.unit = .pixel
                probe.items = [.image(image, frame: Rect(x: 0, y: 0, width: 64, height: 64))]
                _ = try CairoOutput.rasterize(probe, width: 64, height: 64) { _ throws(RenderError) in () }
            } catch {
                outcome.set(error as? RenderError)
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            throw RenderError(.artwork, "\(image.name): decoding took longer than \(seconds) s; use a smaller or simpler image")
        }
        if let error = outcome.get() { throw error }
    }
}

/// The result of a decode on another thread.
private final class DecodeOutcome: @unchecked Sendable {
    // Written once before the semaphore is signalled, read after the wait: ordered by it.
    private var error: RenderError?
    func set(_ error: RenderError?) { self.error = error }
    func get() -> RenderError? { error }
}
