// Injected into Voidhash by `.ci/apple-typecheck --self-check`, which expects the SwiftUI-style
// app file to fail with it: a public SDK type named like SwiftUI's `Environment` makes
// `@Environment(\.dismiss)` ambiguous.
public enum Environment {}
