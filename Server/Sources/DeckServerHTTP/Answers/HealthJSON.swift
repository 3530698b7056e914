/// The answer of a healthy `/healthz`: `{"status":"ok"}`.
struct HealthJSON: JSONAnswer, Sendable {
    var state = "ok"

    enum CodingKeys: String, CodingKey {
        case state = "status"
    }
}
