/// The letters and digits of the corner index as stroked centre lines, drawn by the project so
/// that the index never depends on the fonts installed on the machine.
///
/// Glyphs are 100 units tall (cap height), from y = 0 at the top to y = 100 on the baseline, and
/// are stroked ``strokeWidth`` wide with round caps and joins. The font has `A`–`Z`, `0`–`9` and
/// `- _ . /` (for labels such as file names).
public enum IndexFont {
    /// The cap height every glyph is drawn at, in its own units.
    public static let capHeight = 100.0
    /// The stroke width, in glyph units.
    public static let strokeWidth = 11.0
    /// The space between glyphs of one label, in glyph units.
    public static let spacing = 8.0

    /// One glyph: its centre lines and how wide it is.
    public struct Glyph: Sendable, Hashable {
        /// The centre lines, from x = 0 to ``width``.
        public let path: Path
        /// The glyph's width, not counting the stroke.
        public let width: Double
    }

    /// The characters the font can draw.
    public static var characters: [Character] { glyphs.keys.sorted() }

    /// The glyph for `character` (upper or lower case), or `nil` if the font lacks it.
    public static func glyph(for character: Character) -> Glyph? {
        let upper = character.uppercased()   // "ß" becomes "SS": not one glyph
        guard upper.count == 1, let key = upper.first else { return nil }
        return glyphs[key]
    }

    /// A label set in the font: the glyphs side by side, starting at x = 0, and the total width
    /// (centre line to centre line). `nil` if any character is missing from the font.
    public static func label(_ text: String) -> (path: Path, width: Double)? {
        var path = Path()
        var x = 0.0
        for (i, character) in text.enumerated() {
            guard let glyph = glyph(for: character) else { return nil }
            if i > 0 { x += strokeWidth + spacing }
            path.append(glyph.path.applying(.translation(x: x, y: 0)))
            x += glyph.width
        }
        return (path, x)
    }

    private static func make(_ width: Double, _ data: String) -> Glyph {
        Glyph(path: try! Path(svgData: data), width: width)
    }

    private static let glyphs: [Character: Glyph] = [
        "A": make(62, "M0 100L31 0L62 100M11 66H51"),
        "B": make(54, "M0 100V0H28C43 0 51 10 51 24C51 38 42 47 28 47H0M28 47C45 47 54 57 54 73C54 90 44 100 28 100H0"),
        "C": make(56, "M56 16C50 5 41 0 31 0C12 0 2 20 2 50C2 80 12 100 31 100C41 100 50 95 56 84"),
        "D": make(56, "M0 0V100H22C45 100 56 80 56 50C56 20 45 0 22 0Z"),
        "E": make(50, "M50 0H0V100H50M0 48H40"),
        "F": make(50, "M50 0H0V100M0 48H40"),
        "G": make(58, "M56 16C50 5 41 0 31 0C12 0 2 20 2 50C2 80 12 100 31 100C47 100 58 88 58 66V56H34"),
        "H": make(56, "M0 0V100M56 0V100M0 50H56"),
        "I": make(0, "M0 0V100"),
        "J": make(48, "M14 0H48V70C48 89 40 100 25 100C11 100 3 91 1 77"),
        "K": make(56, "M0 0V100M54 0L0 62M20 40L56 100"),
        "L": make(48, "M0 0V100H48"),
        "M": make(70, "M0 100V0L35 72L70 0V100"),
        "N": make(56, "M0 100V0L56 100V0"),
        "O": make(60, "M30 0C11 0 0 20 0 50C0 80 11 100 30 100C49 100 60 80 60 50C60 20 49 0 30 0Z"),
        "P": make(52, "M0 100V0H27C43 0 52 11 52 26C52 41 43 52 27 52H0"),
        "Q": make(60, "M30 0C11 0 0 20 0 50C0 80 11 100 30 100C49 100 60 80 60 50C60 20 49 0 30 0ZM36 70L62 104"),
        "R": make(54, "M0 100V0H27C43 0 52 11 52 26C52 41 43 52 27 52H0M26 52L54 100"),
        "S": make(54, "M52 14C46 5 38 0 27 0C13 0 3 8 3 23C3 38 14 44 28 49C43 54 54 60 54 76C54 92 43 100 28 100C15 100 5 94 0 84"),
        "T": make(58, "M0 0H58M29 0V100"),
        "U": make(56, "M0 0V66C0 88 11 100 28 100C45 100 56 88 56 66V0"),
        "V": make(60, "M0 0L30 100L60 0"),
        "W": make(76, "M0 0L17 100L38 28L59 100L76 0"),
        "X": make(58, "M0 0L58 100M58 0L0 100"),
        "Y": make(60, "M0 0L30 52L60 0M30 52V100"),
        "Z": make(54, "M2 0H54L0 100H54"),
        "0": make(56, "M28 0C10 0 2 22 2 50C2 78 10 100 28 100C46 100 54 78 54 50C54 22 46 0 28 0Z"),
        "1": make(24, "M0 20L24 0V100"),
        "2": make(56, "M3 22C5 7 16 0 29 0C44 0 55 10 55 26C55 45 38 59 1 100H56"),
        "3": make(55, "M4 13C10 4 19 0 29 0C45 0 54 10 54 24C54 38 44 47 26 47C45 47 56 57 56 73C56 90 44 100 28 100C16 100 6 95 1 85"),
        "4": make(58, "M44 100V0L0 70H58"),
        "5": make(55, "M52 0H10L6 45C13 39 21 36 30 36C47 36 56 49 56 67C56 87 45 100 28 100C16 100 6 95 1 85"),
        "6": make(56, "M51 9C46 3 38 0 30 0C11 0 3 22 3 55C3 85 12 100 30 100C47 100 56 87 56 69C56 51 46 40 30 40C16 40 6 49 3 60"),
        "7": make(56, "M0 0H56C38 30 25 62 20 100"),
        "8": make(56, "M28 46C13 46 5 38 5 23C5 9 14 0 28 0C42 0 51 9 51 23C51 38 43 46 28 46C11 46 1 57 1 73C1 90 13 100 28 100C43 100 55 90 55 73C55 57 45 46 28 46Z"),
        "-": make(40, "M0 58H40"),
        "_": make(56, "M0 100H56"),
        ".": make(4, "M0 96H4"),
        "/": make(40, "M0 100L40 0"),
        "9": make(56, "M5 91C10 97 18 100 26 100C45 100 53 78 53 45C53 15 44 0 26 0C9 0 0 13 0 31C0 49 10 60 26 60C40 60 50 51 53 40"),
    ]
}
