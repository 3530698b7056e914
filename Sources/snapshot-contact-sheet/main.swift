import Foundation
import PlayingCardLayout
import PlayingCardRendering

// Writes one PNG showing every snapshot reference (PNG and SVG) with its name, for people
// reviewing a change: `make contact-sheet`.
//
//   snapshot-contact-sheet <folder with __Snapshots__> <output.png>

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: snapshot-contact-sheet <tests folder> <output.png>\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: arguments[1])
let output = arguments[2]

var references: [(name: String, image: ArtworkImage)] = []
let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
var skipped: [String] = []
while let url = enumerator?.nextObject() as? URL {
    guard url.path.contains("/__Snapshots__/") else { continue }
    let ext = url.pathExtension.lowercased()
    guard ext == "png" || ext == "svg" || ext == "pdf" else { continue }
    let name = url.path.components(separatedBy: "/__Snapshots__/").last ?? url.lastPathComponent
    guard ext != "pdf" else {
        skipped.append(name)
        continue
    }
    guard let data = FileManager.default.contents(atPath: url.path) else { continue }
    let bytes = [UInt8](data)
    if ext == "png" {
        guard let image = try? RasterImage(png: bytes, name: url.path) else {
            FileHandle.standardError.write(Data("cannot read \(url.path)\n".utf8))
            exit(65)
        }
        references.append((name, ArtworkImage(name: url.path, format: .png, bytes: bytes, width: Double(image.width), height: Double(image.height))))
    } else {
        // The SVG references are in millimetres; the viewBox gives the shape.
        let text = String(decoding: bytes, as: UTF8.self)
        let numbers = text.components(separatedBy: "viewBox=\"").dropFirst().first?.prefix { $0 != "\"" }
            .split(separator: " ").compactMap { Double($0) } ?? []
        guard numbers.count == 4 else { continue }
        references.append((name, ArtworkImage(name: url.path, format: .svg, bytes: bytes, width: numbers[2], height: numbers[3])))
    }
}
references.sort { $0.name < $1.name }
guard !references.isEmpty else {
    FileHandle.standardError.write(Data("no snapshot references under \(root.path)\n".utf8))
    exit(66)
}

let cell = 220.0, labelHeight = 26.0, gap = 12.0, columns = 8
let rows = (references.count + columns - 1) / columns
var sheet = Drawing(width: Double(columns) * (cell + gap) + gap, height: Double(rows) * (cell + labelHeight + gap) + gap,
                    title: "Snapshot references")
sheet.unit = .pixel
sheet.items.append(.path(.rectangle(Rect(x: 0, y: 0, width: sheet.width, height: sheet.height)), fill: .white, stroke: nil))
let ink = Color(red: 0x33, green: 0x33, blue: 0x33)
for (index, reference) in references.enumerated() {
    let x = gap + Double(index % columns) * (cell + gap), y = gap + Double(index / columns) * (cell + labelHeight + gap)
    let frame = Rect(x: x, y: y, width: cell, height: cell)
    sheet.items.append(.path(.rectangle(frame), fill: Color(red: 0xEE, green: 0xEE, blue: 0xEE), stroke: nil))
    sheet.items.append(.image(reference.image, frame: frame.insetBy(4)))
    // The name in the index font (which has A–Z, 0–9 and - _ . /), shrunk to fit the cell.
    let label = String(reference.name.uppercased().map { IndexFont.glyph(for: $0) == nil ? "_" : $0 })
    if let text = IndexFont.label(label) {
        let scale = min(12 / IndexFont.capHeight, (cell - 4) / (text.width + IndexFont.strokeWidth))
        sheet.items.append(.group([.path(text.path, fill: nil, stroke: Drawing.Stroke(color: ink, width: IndexFont.strokeWidth))],
                                  transform: AffineTransform.scale(x: scale, y: scale).concatenating(.translation(x: x + 2, y: y + cell + 8)),
                                  clip: nil))
    }
}
do {
    let renderer = try CardRenderer(style: CardStyle())
    try FileOutput.write(try renderer.render(sheet, as: .png), to: output)
} catch {
    FileHandle.standardError.write(Data("contact sheet failed: \(error)\n".utf8))
    exit(70)
}
print("Wrote \(references.count) references to \(output)" + (skipped.isEmpty ? "" : "; PDF references listed but not drawn: \(skipped.joined(separator: ", "))"))
