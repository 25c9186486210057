/// The fuzzer's bytes read as a stream of choices: each call takes the next byte, and an input
/// that has run out answers 0 (the first choice), so every input builds a spec.
struct ByteSource {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(byte()) % count
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// One of `choices`, or `nil` when there are none.
    mutating func pickIfAny<T>(_ choices: [T]) -> T? {
        choices.isEmpty ? nil : pick(choices)
    }

    /// True about one time in `odds` (false once the input has run out).
    mutating func oneIn(_ odds: Int) -> Bool {
        // The last of the choices, so that an input that has run out answers false.
        below(odds) == odds - 1
    }

    /// Up to `limit` items made by `make`.
    mutating func some<T>(upTo limit: Int, _ make: (inout ByteSource) -> T) -> [T] {
        (0..<below(limit + 1)).map { _ in make(&self) }
    }
}
