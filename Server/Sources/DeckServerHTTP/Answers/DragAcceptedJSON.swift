/// The answer to a drag: taken (it goes out, or waits its turn behind the seat's last one).
struct DragAcceptedJSON: JSONAnswer, Sendable {
    var success = true
}
