import Foundation
import SDKEmulator

/// The OpenAPI document `sdkgen` exported into this package's `Generated/OpenAPI/` for `name`.
func exportedOpenAPIDocument(_ name: String) throws -> OpenAPIDocument {
    let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Generated")
    return try OpenAPIDocument(named: name, near: generated.appendingPathComponent("EmulatorTests").path)
}
