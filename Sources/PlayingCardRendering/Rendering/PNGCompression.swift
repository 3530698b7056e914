/// How hard PNG output is compressed. Both give exactly the same pixels.
public enum PNGCompression: String, Sendable, Hashable, CaseIterable {
    /// The project's own encoder, made for speed: a few milliseconds for a 744 × 1039 card, in
    /// files 1.5 (5♥) to 3.4 (the back) times the size of `small`'s.
    case fast
    /// The pixels in the fewest bytes that hold them exactly (grey, no alpha or a palette when
    /// the image allows), each row filtered the way that suits it best, compressed with
    /// libdeflate's near-optimal search: files no larger than ImageMagick's at its strongest
    /// setting, in 0.1 to 0.4 s for a 744 × 1039 card. For files stored or served many times.
    case small
}
