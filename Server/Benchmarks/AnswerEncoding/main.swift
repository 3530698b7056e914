// Times the JSON answers of the draw mix written three ways from the same models: by the deck
// answer's own writer (what the server sends), by the server's generic AnswerEncoder, and by
// Foundation's JSONEncoder; and says what share of a request each takes at the draw mix's rate:
// the figures that decide whether the writer is worth keeping.
//
//   swift run -c release answer-encoding-benchmark [requests-per-second-of-the-draw-mix]

import DeckServerHTTP
import DeckService
import Foundation
import DeckStoreSupport

let drawMixRate = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 10_000
let service = DeckService(store: InMemoryRecordStore())
let base = "http://127.0.0.1:8080"

// The draw mix's answers: a draw of one card, a draw of five, a pile listing.
var request = NewDeckRequest()
request.deckCount = 4
request.shuffle = .secure
let id = try await service.newDeck(request).id
let one = try await service.draw(id, count: 1)
let five = try await service.draw(id, count: 5)
_ = try await service.addToPile(id, pile: "discard", cards: five.drawn ?? [])
let listed = try await service.listPile(id, pile: "discard")
let answers = [DeckJSON(one, base: base), DeckJSON(five, base: base), DeckJSON(listed, base: base, piles: true)]

/// The median of `rounds` timings of encoding every answer `repeats` times, per answer.
func medianNanoseconds(rounds: Int = 15, repeats: Int = 2_000, _ encode: (DeckJSON) throws -> Int) rethrows -> Double {
    var timings: [Double] = []
    var bytes = 0
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for _ in 0..<repeats { for answer in answers { bytes &+= try encode(answer) } }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        timings.append(seconds * 1e9 / Double(repeats * answers.count))
    }
    precondition(bytes > 0)
    return timings.sorted()[timings.count / 2]
}

let streaming = AnswerEncoder()
let foundation = JSONEncoder()
foundation.outputFormatting = [.withoutEscapingSlashes]
// Both must write the same members: compare the decoded values.
for answer in answers {
    let ours = try JSONSerialization.jsonObject(with: Data(try streaming.encode(answer))) as! NSDictionary
    let theirs = try JSONSerialization.jsonObject(with: try foundation.encode(answer)) as! NSDictionary
    precondition(ours == theirs, "the encoders disagree")
}
let writerTime = try medianNanoseconds { try $0.jsonBytes().count }
let streamingTime = try medianNanoseconds { try streaming.encode($0).count }
let foundationTime = try medianNanoseconds { try foundation.encode($0).count }
let requestTime = 1e9 / drawMixRate * 2  // two cores' time per request at that rate
print(String(format: "DeckJSON writer: %7.0f ns per answer (%.1f %% of a draw-mix request at %.0f requests/s on 2 cores)",
             writerTime, writerTime / requestTime * 100, drawMixRate))
print(String(format: "AnswerEncoder:   %7.0f ns per answer (%.1f %%)", streamingTime, streamingTime / requestTime * 100))
print(String(format: "JSONEncoder:     %7.0f ns per answer (%.1f %%)", foundationTime, foundationTime / requestTime * 100))
print(String(format: "AnswerEncoder takes %.1f× the writer's time, JSONEncoder %.1f×", streamingTime / writerTime, foundationTime / writerTime))
