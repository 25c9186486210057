/// The server made from a spec that names no hand-written emulator (`api.emulator` absent):
/// the `<Name>Emulator` module, whose `<Name>ExampleServer` answers every operation with its
/// examples over SDKEmulator's `ExampleServer` (the same HTTP server, admin API and fault
/// injection as the hand-written emulators). Requests are checked with the generated
/// validators first: parameter rules, a body that decodes to its model, and the model's
/// member rules; a refused request gets the operation's first 400 error code, or
/// `INVALID_ARGUMENT`.
enum ExampleServerTranslator {
    /// The module's name.
    static func module(_ spec: Spec) -> String { spec.name + moduleSuffix }
    /// What follows the API name in the module's name.
    static let moduleSuffix = "Emulator"
    /// The server type's name.
    static func typeName(_ spec: Spec) -> String { spec.name + "ExampleServer" }

    /// Whether `spec` gets a server of its own: it has operations and names no emulator.
    static func applies(to spec: Spec) -> Bool { spec.emulator == nil && !spec.operations.isEmpty }

    static func files(_ spec: Spec) -> [PendingFile] {
        guard applies(to: spec) else { return [] }
        let module = module(spec)
        let imports = ["Foundation", "SDKEmulator", "SDKRuntime", SpecTranslator.apiModule(spec)]
        let qualification = APITypeNames.qualification(spec)
        let validated = ModelValidationTranslator.validatedModels(spec)
        @Sendable func file(_ path: String, _ declaration: @escaping @Sendable () -> SwiftDeclaration) -> PendingFile {
            PendingFile(path: "\(module)/\(path)") {
                SwiftFile(
                    path: "\(module)/\(path)", specFile: spec.file, imports: imports, declarations: [declaration()],
                    qualification: qualification)
            }
        }
        let routes = spec.operations.map { operation in
            file("Routes/\(typeName(spec))+\(SwiftNaming.typeName(operation.name)).swift") {
                routeDeclaration(operation, spec: spec, validated: validated)
            }
        }
        return [file(typeName(spec) + ".swift") { serverDeclaration(spec) }]
            + FileGrouping.group(
                routes, folder: "\(module)/Routes", name: typeName(spec) + "+Routes",
                scale: FileGrouping.scale(for: spec))
    }

    /// The name of the function making `operation`'s route.
    static func routeFunction(_ operation: OperationSpec) -> String {
        SwiftNaming.plainMemberName(operation.name) + "Route"
    }

    static func serverDeclaration(_ spec: Spec) -> SwiftDeclaration {
        let routeType = SwiftType.named(["SDKEmulator", "ExampleRoute"])
        let serverType = SwiftType.named(["SDKEmulator", "EmulatorServer"])
        let routes = SwiftExpression.array(
            spec.operations.map { .call(.path(typeName(spec), routeFunction($0)), []) })
        let makeServer = SwiftExpression.tryExpression(
            .call(
                .path("SDKEmulator", "ExampleServer", "makeServer"),
                [.init("routes", .path("Self", "routes")), .init("clock", .identifier("clock"))]), optional: false)
        return .type(
            SwiftTypeDeclaration(
                doc: [
                    "A server for the \(spec.title) made from \(spec.file): every operation answers with the example",
                    "that matches the request (the parameters it names and its body; of several, the one naming the",
                    "most, then the first), after checking the request with the generated validators. Run it for",
                    "tests and offline work:", "",
                    "```swift",
                    "let server = try \(typeName(spec)).makeServer()",
                    "let baseURL = try await server.start()   // http://127.0.0.1:<ephemeral port>",
                    "```",
                ],
                kind: .enumeration, name: typeName(spec),
                members: [
                    .property(
                        SwiftProperty(
                            doc: ["One route per operation, in spec order."], isStatic: true, name: "routes",
                            type: .array(routeType), value: routes)),
                    .function(
                        SwiftFunction(
                            doc: ["A fresh server; start it with `start()` (127.0.0.1, any free port)."],
                            isStatic: true,
                            name: "makeServer",
                            parameters: [
                                .init(
                                    "clock", .existential(.runtime("SDKClock")),
                                    default: .call(.type(.runtime("SystemClock")), []))
                            ],
                            throwsType: .some(.named(["SDKEmulator", "RouterError"])), returnType: serverType,
                            body: [.returnStatement(makeServer)])),
                ]))
    }
}
