import Foundation
import SDKRuntime

/// An OpenAPI document that `sdkgen` exported (`<output>/OpenAPI/<Name>.openapi.json`), for
/// contract tests: the examples it lists, and whether a request body or a response is one it
/// declares.
///
/// ```swift
/// let document = try OpenAPIDocument(named: "Voidhash", near: #filePath)
/// for example in document.responseExamples(operationId: "getPerson", status: 200) { ... }
/// let problems = document.requestBodyProblems(operationId: "identify", body: encoded)
/// let wrong = document.responseProblems(operationId: "getPerson", status: 404, body: answer)
/// ```
public struct OpenAPIDocument: Sendable {
    /// A document that could not be found or read.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        public var description: String
    }

    /// The whole document.
    public let root: JSONValue

    /// The document `OpenAPI/<name>.openapi.json` in the nearest folder above `file` that has
    /// one (a generated test passes its `#filePath`, which lies in the output root's
    /// `<Name>ContractTests` folder).
    public init(named name: String, near file: String) throws {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path.count > 1 {
            let candidate = folder.appendingPathComponent("OpenAPI/\(name).openapi.json")
            if let data = FileManager.default.contents(atPath: candidate.path) {
                root = try JSONCoding.decoder.decode(JSONValue.self, from: data)
                return
            }
            folder = folder.deletingLastPathComponent()
        }
        throw Failure(description: "no OpenAPI/\(name).openapi.json above \(file)")
    }

    /// The operation object of `operationId`, if the document has one.
    public func operation(_ operationId: String) -> JSONValue? {
        guard case .object(let paths)? = root["paths"] else { return nil }
        for key in paths.keys.sorted() {
            guard case .object(let item)? = paths[key] else { continue }
            for method in item.keys.sorted() where item[method]?["operationId"] == .string(operationId) {
                return item[method]
            }
        }
        return nil
    }

    /// The values of every example of the JSON content of the `status` response of
    /// `operationId`, each as JSON bytes.
    public func responseExamples(operationId: String, status: Int) -> [Data] {
        let content = operation(operationId)?["responses"]?[String(status)]?["content"]?["application/json"]
        return Self.exampleValues(content?["examples"]).compactMap { try? JSONCoding.encoder.encode($0) }
    }

    /// Why `body` (JSON bytes) does not conform to the request body schema of `operationId`;
    /// empty when it does.
    public func requestBodyProblems(operationId: String, body: Data) -> [String] {
        guard let schema = operation(operationId)?["requestBody"]?["content"]?["application/json"]?["schema"] else {
            return ["\(operationId) has no JSON request body"]
        }
        guard let value = try? JSONCoding.decoder.decode(JSONValue.self, from: body) else {
            return ["the body is not JSON"]
        }
        return JSONSchemaCheck(document: root).problems(value, schema: schema, at: "body")
    }

    /// Why a response with `status` and `body` (JSON bytes) is not one the document declares for
    /// `operationId`: an undeclared status, or a body that breaks the status's schema (for an
    /// error, that includes a code the operation does not declare for it). Empty when it is.
    public func responseProblems(operationId: String, status: Int, body: Data) -> [String] {
        guard let response = operation(operationId)?["responses"]?[String(status)] else {
            return ["\(operationId): status \(status) is not declared"]
        }
        guard let schema = response["content"]?["application/json"]?["schema"] else { return [] }
        guard let value = try? JSONCoding.decoder.decode(JSONValue.self, from: body) else {
            return ["\(operationId): the \(status) body is not JSON"]
        }
        return JSONSchemaCheck(document: root).problems(value, schema: schema, at: "\(operationId) \(status)")
    }

    /// The component schemas, by name.
    public var componentSchemas: [String: JSONValue] {
        guard case .object(let schemas)? = root["components"]?["schemas"] else { return [:] }
        return schemas
    }

    /// Why `value` does not conform to the component schema `name` (`Person`,
    /// `rules.groupType`); empty when it does.
    public func problems(of value: JSONValue, againstComponent name: String) -> [String] {
        guard let schema = root["components"]?["schemas"]?[name] else { return ["no component schema \(name)"] }
        return JSONSchemaCheck(document: root).problems(value, schema: schema, at: name)
    }

    private static func exampleValues(_ examples: JSONValue?) -> [JSONValue] {
        guard case .object(let byName)? = examples else { return [] }
        return byName.keys.sorted().compactMap { byName[$0]?["value"] }
    }
}

extension JSONValue {
    /// The member `name` of an object; `nil` for anything else.
    subscript(_ name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }
}
