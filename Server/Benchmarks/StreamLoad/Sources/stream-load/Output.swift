#if canImport(Glibc)
import Glibc
#endif

/// A progress line on standard error (the report goes to standard output).
func log(_ message: String) {
    let line = "stream-load: \(message)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// `value` with `digits` decimals (no Foundation for one format).
func format(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "n/a" : "\(value)" }
    let scale = (0..<digits).reduce(1.0) { value, _ in value * 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return sign + String(whole) + (digits == 0 ? "" : "." + String(repeating: "0", count: digits - fraction.count) + fraction)
}

/// `value` with thousands separated by commas.
func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
}
