import Foundation
import SDKRuntime
import Testing

/// An OpenAPI document that `sdkgen` exported into `Generated/OpenAPI/`, read as plain JSON, and
/// the questions the conformance tests ask of it.
struct ExportedOpenAPIDocument {
    /// The document's JSON object.
    private let root: [String: Any]

    /// Reads `Generated/OpenAPI/<name>.openapi.json` of this package.
    init(_ name: String) throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = packageRoot.appendingPathComponent("Generated/OpenAPI/\(name).openapi.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        root = try #require(object as? [String: Any])
    }

    /// The responses the operation `operationId` declares, by status.
    func responses(of operationId: String) -> [String: Any] {
        let paths = root["paths"] as? [String: [String: Any]] ?? [:]
        for item in paths.values {
            for case let operation as [String: Any] in item.values
            where operation["operationId"] as? String == operationId {
                return operation["responses"] as? [String: Any] ?? [:]
            }
        }
        return [:]
    }

    /// The error codes the operation declares for `status` (empty when the status is not declared).
    func errorCodes(of operationId: String, status: Int) -> [String] {
        let response = responses(of: operationId)[String(status)] as? [String: Any]
        let errors = response?["x-sdkgen-errors"] as? [[String: Any]] ?? []
        return errors.compactMap { $0["code"] as? String }
    }

    /// Records an issue unless the document declares `response`'s status for `operationId` and,
    /// for an error, the code in its body.
    func expectDeclared(
        _ response: HTTPResponse, operationId: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let declared = responses(of: operationId).keys.compactMap { Int($0) }.sorted()
        #expect(
            declared.contains(response.status), "\(operationId): \(response.status) is not declared",
            sourceLocation: sourceLocation)
        guard response.status >= 400 else { return }
        let body = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let code = (body?["error"] as? [String: Any])?["code"] as? String
        #expect(
            code.map { errorCodes(of: operationId, status: response.status).contains($0) } == true,
            "\(operationId): \(response.status) \(code ?? "without a code") is not declared",
            sourceLocation: sourceLocation)
    }
}
