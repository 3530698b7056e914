/// What the service does with a request it can carry out only in part: more cards asked for
/// than remain, cards listed that cannot move.
///
/// deckofcardsapi does the part it can and answers with success, and apps written for it rely
/// on that; new apps may rather have such a request refused whole.
public enum Strictness: Sendable, Hashable {
    /// Refuse the whole request and change nothing.
    case strict
    /// Do what can be done, as deckofcardsapi does, and report in the view what was not done
    /// (``DeckView/asked``, ``DeckView/leftOut``).
    case lenient
}
