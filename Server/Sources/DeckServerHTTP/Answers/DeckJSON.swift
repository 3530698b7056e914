import DeckService

/// A deck answer: `{"success": true, "deck_id", "remaining", "shuffled", …}`, with the drawn
/// cards, the piles and the fairness record when the endpoint has them.
///
/// What a lenient request did not do is said in members deckofcardsapi's apps ignore: a short
/// draw is `"success": false` with the reference's `error`, `asked` and `given`, and our
/// `detail`; cards a lenient add or return left where they were are in `not_added` or
/// `not_returned` with the reason; codes a lenient list ignored are in `ignored`.
package struct DeckJSON: JSONAnswer, Decodable, Sendable {
    var success = true
    var deckID: String
    var remaining: Int
    var shuffled: Bool
    var cards: [CardJSON]?
    var piles: PilesJSON?
    var fair: FairJSON?
    /// deckofcardsapi's words for what was not done, with `success: false`.
    var error: String?
    /// Our words for what was not done.
    var detail: String?
    /// How many cards a short draw asked for.
    var asked: Int?
    /// How many cards a short draw gave: all that remained.
    var given: Int?
    /// Listed cards a lenient add left where they were.
    var notAdded: [LeftOutJSON]?
    /// Listed cards a lenient return left where they were.
    var notReturned: [LeftOutJSON]?
    /// Items of `cards=` that name no card, as given.
    var ignored: [String]?

    enum CodingKeys: String, CodingKey {
        case success
        case deckID = "deck_id"
        case remaining, shuffled, cards, piles, fair, error, detail, asked, given
        case notAdded = "not_added"
        case notReturned = "not_returned"
        case ignored
    }

    /// Where the cards a lenient request left out are listed.
    package enum LeftOutMember: Sendable {
        case notAdded, notReturned
    }

    /// The answer for `view`; `piles` adds every pile's count (and the listed pile's cards),
    /// `listingLeftOutAs` names the member for the cards the view left out, `ignored` lists the
    /// items of the request's card list that name no card.
    package init(
        _ view: DeckView, base: String, piles includePiles: Bool = false, listingLeftOutAs member: LeftOutMember = .notAdded,
        ignored: [String] = []
    ) {
        deckID = view.id
        remaining = view.remaining
        shuffled = view.shuffled
        cards = view.drawn?.map { CardJSON($0, base: base) }
        if includePiles { piles = PilesJSON(view, base: base) }
        fair = view.fairness.map(FairJSON.init)
        if let asked = view.asked {
            let given = view.drawn?.count ?? 0
            success = false
            error = "Not enough cards remaining to draw \(asked) additional"
            detail = "count \(asked) is more than the \(given) cards in the deck: "
                + (given == 0 ? "nothing was drawn" : "the \(given) were drawn")
                + "; with strict=true such a draw is refused and draws nothing"
            self.asked = asked
            self.given = given
        }
        if !view.leftOut.isEmpty {
            let listed = view.leftOut.map(LeftOutJSON.init)
            switch member {
            case .notAdded: notAdded = listed
            case .notReturned: notReturned = listed
            }
        }
        if !ignored.isEmpty { self.ignored = ignored }
    }
}

// The draw mix's answer, written straight into a JSONWriter: the generic Encoder path took 8 %
// of the server's CPU under the draw mix (perf), and the draw mix ran 7 % slower with it than
// with a writer (old and new binaries alternating). The keys come from the same CodingKeys, so
// the wire names stay in one place, and a test holds this output equal to AnswerEncoder's.
extension DeckJSON {
    package func jsonBytes() throws -> [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(CodingKeys.success, success)
        writer.member(CodingKeys.deckID, deckID)
        writer.member(CodingKeys.remaining, remaining)
        writer.member(CodingKeys.shuffled, shuffled)
        if let cards {
            writer.key(CodingKeys.cards)
            CardJSON.write(cards, to: &writer)
        }
        if let piles {
            writer.key(CodingKeys.piles)
            piles.write(to: &writer)
        }
        if let fair {
            writer.key(CodingKeys.fair)
            fair.write(to: &writer)
        }
        writeLenientMembers(to: &writer)
        writer.endObject()
    }

    private func writeLenientMembers(to writer: inout JSONWriter) {
        for (key, text) in [(CodingKeys.error, error), (.detail, detail)] {
            guard let text else { continue }
            writer.key(key)
            writer.value(text)
        }
        for (key, number) in [(CodingKeys.asked, asked), (.given, given)] {
            guard let number else { continue }
            writer.key(key)
            writer.value(number)
        }
        for (key, list) in [(CodingKeys.notAdded, notAdded), (.notReturned, notReturned)] {
            guard let list else { continue }
            writer.key(key)
            LeftOutJSON.write(list, to: &writer)
        }
        if let ignored {
            writer.key(CodingKeys.ignored)
            writer.beginArray()
            for code in ignored { writer.value(code) }
            writer.endArray()
        }
    }
}
