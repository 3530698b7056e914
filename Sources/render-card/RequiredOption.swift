import ArgumentParser

/// The value of an option the command cannot run without, or a usage error asking for it.
///
/// Such options are declared optional and checked here, in `run`: the parser reports a missing
/// required option before it looks for unknown ones, so `render-card deck --ot cards` would say
/// "--out is missing" instead of naming `--ot`.
func required(_ value: String?, _ option: String, example: String) throws -> String {
    guard let value else { throw ValidationError("\(option) is required, e.g. \(example)") }
    return value
}
