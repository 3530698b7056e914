import Foundation
import PlayingCardRendering
import PlayingCardSnapshotTesting
import SnapshotTesting
import Testing

/// How the snapshot suites record: never, unless `SNAPSHOT_TESTING_RECORD` says `missing`,
/// `failed` or `all` (see the README). CI sets nothing, so a missing reference fails the run.
let recordMode: SnapshotTestingConfiguration.Record =
    ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotTestingConfiguration.Record.init(rawValue:)) ?? .never

/// The references' style: every card at 180 px wide (a poker card at 72.6 dpi).
func snapshotStyle(_ change: (inout CardStyle) -> Void = { _ in }) -> CardStyle {
    var style = CardStyle()
    style.size = try! CardSize(pixelWidth: 180, pixelHeight: nil, dpi: 300)
    change(&style)
    return style
}

/// The folder of this test target's fixtures.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
