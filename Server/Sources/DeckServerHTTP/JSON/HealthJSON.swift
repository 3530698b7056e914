/// The answer of a healthy `/healthz`: `{"status":"ok"}`.
struct HealthJSON: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { json in json.key("status"); json.value("ok") }
    }
}
