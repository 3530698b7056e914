/// How hard PNG output is compressed. Both give exactly the same pixels.
public enum PNGCompression: String, Sendable, Hashable, CaseIterable {
    /// The project's own encoder, made for speed: a few milliseconds for a 744 × 1039 card, in
    /// files some 1.1 to 2 times the size of `small`'s.
    case fast
    /// The pixels in the fewest bytes that hold them exactly (grey, no alpha or a palette when
    /// the image allows), each row filtered the way that suits it best, compressed with
    /// libdeflate's near-optimal search: files no larger than ImageMagick's at its strongest
    /// setting, for tens to hundreds of milliseconds a card. For files stored or served many
    /// times.
    case small
}
