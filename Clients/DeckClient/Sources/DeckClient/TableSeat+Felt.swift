import DeckClientAPI
import Foundation
import OpenAPIRuntime

/// Where ``TableSeat/move(_:to:face:expecting:)`` takes cards from.
public enum MoveSource: Sendable, Hashable {
    /// Cards of your hand, by code.
    case hand([String])
    /// The top `count` cards of a stack.
    case top(Int, of: String)
    /// Cards of a stack by their handles (as a view shows them), and the face-up ones may be named
    /// by code instead.
    case cards(handles: [String], codes: [String], of: String)
}

/// Where ``TableSeat/move(_:to:face:expecting:)`` puts cards.
public enum MoveDestination: Sendable, Hashable {
    /// A new stack with its bottom card's top left corner at (x, y), on a felt of 1000 × 700.
    case newStack(x: Double, y: Double)
    /// The top or the bottom of a stack.
    case stack(String, atBottom: Bool = false)
    /// A seat's hand.
    case hand(seat: Int)
}

/// How moved cards lie.
public enum Face: String, Sendable, Hashable {
    /// Face up.
    case up
    /// Face down.
    case down
    /// As they were.
    case keep
}

/// What an action expects of the table, so that it is refused (409, with the table as it is now)
/// when someone else changed it first.
public struct Expectation: Sendable, Hashable {
    /// The table's version the action expects.
    public var version: Int?
    /// The versions the stacks it touches should be at, by stack id.
    public var stacks: [String: Int]

    /// Expect the table at `version`, and each stack of `stacks` at its version.
    public init(version: Int? = nil, stacks: [String: Int] = [:]) {
        self.version = version
        self.stacks = stacks
    }

    /// No expectation: the action applies to the table as it is.
    public static let none = Expectation()

    /// The whole table at `version`.
    public static func version(_ version: Int) -> Expectation { Expectation(version: version) }

    var stacksParameter: String? {
        stacks.isEmpty ? nil : stacks.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")
    }
}

/// A stack's layout on the felt.
public enum StackLayout: String, Sendable, Hashable {
    /// The cards squared into one pile.
    case squared
    /// Spread to the right.
    case right
    /// Spread downwards.
    case down
}

extension TableSeat {
    /// Moves cards, as a player's hand moves them.
    public func move(_ source: MoveSource, to destination: MoveDestination, face: Face = .keep,
                     expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            typealias Form = Operations.PostApiTableTableIdFeltMove.Input.Body.UrlEncodedFormPayload
            var form = Form(from: "hand", to: "hand", face: Form.FacePayload(rawValue: face.rawValue),
                            expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            switch source {
            case .hand(let codes):
                form.cards = codes.joined(separator: ",")
            case .top(let count, let stack):
                form.from = stack
                form.count = count
            case .cards(let handles, let codes, let stack):
                form.from = stack
                form.handles = handles.isEmpty ? nil : handles.joined(separator: ",")
                form.cards = codes.isEmpty ? nil : codes.joined(separator: ",")
            }
            switch destination {
            case .newStack(let x, let y):
                form.to = "new"
                form.x = x
                form.y = y
            case .stack(let stack, let atBottom):
                form.to = stack
                form.end = atBottom ? .bottom : .top
            case .hand(let seat):
                form.to = "hand"
                form.seat = seat
            }
            return try await api.postApiTableTableIdFeltMove(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Turns a stack's card over (`handle`, or `card` by its face), or with neither the whole
    /// stack, whose order then reverses.
    public func flip(_ stack: String, handle: String? = nil, card: String? = nil,
                     expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltFlip.Input.Body.UrlEncodedFormPayload(
                stack: stack, card: card, handle: handle, expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltFlip(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Moves or lays out a stack: its place, layout, spread step, rotation (0 or 90), label, and
    /// whether it comes to the front. What is not given stays.
    public func arrange(_ stack: String, x: Double? = nil, y: Double? = nil, layout: StackLayout? = nil,
                        step: Double? = nil, rotation: Int? = nil, label: String? = nil, toFront: Bool = false,
                        expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            typealias Form = Operations.PostApiTableTableIdFeltArrange.Input.Body.UrlEncodedFormPayload
            if let rotation, Form.RotationPayload(rawValue: rotation) == nil {
                throw DeckClientError(status: 0, message: "rotation \(rotation) is not allowed: give 0 or 90")
            }
            let form = Form(stack: stack, x: x, y: y, layout: layout.flatMap { Form.LayoutPayload(rawValue: $0.rawValue) },
                            step: step, rotation: rotation.flatMap { Form.RotationPayload(rawValue: $0) }, label: label,
                            toFront: toFront ? true : nil, expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltArrange(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Shuffles a stack, with the server's secure generator.
    public func shuffle(_ stack: String, expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltShuffle.Input.Body.UrlEncodedFormPayload(
                stack: stack, expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltShuffle(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Splits the top `count` cards of a stack off into a new stack at (x, y).
    public func split(_ stack: String, count: Int, x: Double, y: Double,
                      expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltSplit.Input.Body.UrlEncodedFormPayload(
                stack: stack, count: count, x: x, y: y, expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltSplit(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Gathers every card, hands included, back into the deck face down, shuffled.
    public func gather(expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltGather.Input.Body.UrlEncodedFormPayload(
                expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltGather(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Deals `count` cards to every seated player, one at a time in seat order, from `stack`
    /// (the deck unless given); all or nothing.
    public func deal(_ count: Int, from stack: String? = nil, expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltDeal.Input.Body.UrlEncodedFormPayload(
                from: stack, count: count, expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltDeal(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Takes back this seat's own last action, while nobody touched its stacks or hands since.
    public func undo(expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltUndo.Input.Body.UrlEncodedFormPayload(
                expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltUndo(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Holds a stack for 5 seconds, keeping the other seats off it while you drag it (hold again
    /// to renew), or with `release` lets it go.
    public func hold(_ stack: String, release: Bool = false, expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltHold.Input.Body.UrlEncodedFormPayload(
                stack: stack, release: release ? true : nil, expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltHold(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Shows your hand to the table (every seat and watcher sees its cards, as they change, in
    /// ``TableView/Seat/shownHand``), or with `false` makes it private again. Leaving hides it.
    public func showHand(_ shown: Bool = true) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltShow.Input.Body.UrlEncodedFormPayload(shown: shown)
            return try await api.postApiTableTableIdFeltShow(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Tells the other seats where a held stack (or, with `handle`, the card carried off it) is
    /// while you drag it. Nothing is stored; at most 30 a second per seat go out.
    public func drag(_ stack: String, x: Double, y: Double, handle: String? = nil) async throws {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltDrag.Input.Body.UrlEncodedFormPayload(stack: stack, x: x, y: y, handle: handle)
            _ = try await api.postApiTableTableIdFeltDrag(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok
        }
    }

    /// Looks at face-down cards of a stack (the `handles` named, or all), for this seat's eyes
    /// only: the faces are in the answer's `peeked`; the others hear only that you looked.
    public func peek(_ stack: String, handles: [String]? = nil, expecting expectation: Expectation = .none) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltPeek.Input.Body.UrlEncodedFormPayload(
                stack: stack, handles: handles?.joined(separator: ","), expectedVersion: expectation.version, expectedStacks: expectation.stacksParameter)
            return try await api.postApiTableTableIdFeltPeek(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Makes a new watch link (the table's creator only), shutting out the old one's watchers; with
    /// `enabled: false`, turns watching off and answers nil.
    public func makeWatchLink(enabled: Bool = true) async throws -> WatchLink? {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltWatch.Input.Body.UrlEncodedFormPayload(enabled: enabled ? nil : false)
            let answer = try await api.postApiTableTableIdFeltWatch(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
            return answer.watch
        }
    }

    /// Sets the felt's colour (the table's creator only), as `#` and six hexadecimal digits.
    public func setFeltColour(_ colour: String) async throws -> Tabletop {
        try await refusals {
            let form = Operations.PostApiTableTableIdFeltColour.Input.Body.UrlEncodedFormPayload(colour: colour)
            return try await api.postApiTableTableIdFeltColour(path: .init(tableId: tableID), body: .urlEncodedForm(form)).ok.body.json
        }
    }

    /// Uploads the felt's background image (the table's creator only): a PNG or JPEG file's bytes,
    /// at most 4 MiB and 4096 px a side.
    public func setFeltBackground(_ image: Data) async throws -> Tabletop {
        try await refusals {
            let body = HTTPBody(image)
            let input: Operations.PostApiTableTableIdFeltBackground.Input.Body =
                image.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? .png(body) : .jpeg(body)
            return try await api.postApiTableTableIdFeltBackground(path: .init(tableId: tableID), body: input).ok.body.json
        }
    }

    /// Removes the felt's background image (the table's creator only).
    public func removeFeltBackground() async throws -> Tabletop {
        try await refusals {
            try await api.postApiTableTableIdFeltBackground(path: .init(tableId: tableID), query: .init(remove: true), body: nil).ok.body.json
        }
    }
}
