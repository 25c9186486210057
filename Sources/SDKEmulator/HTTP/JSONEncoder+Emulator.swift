import Foundation

extension JSONEncoder {
    /// A new encoder with sorted keys: what `EmulatorResponse.json` uses unless told otherwise.
    public static var emulator: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
