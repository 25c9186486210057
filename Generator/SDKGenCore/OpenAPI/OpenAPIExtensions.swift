/// What the document carries only as `x-sdkgen-` extensions, in the spec's own terms: the
/// constants, the error codes with their categories, the identifier formats and the header
/// contract's examples.
enum OpenAPIExtensions {
    /// `x-sdkgen-constants`: every constant by name.
    static func constants(_ spec: Spec) -> JSONLiteral? {
        spec.constants.isEmpty
            ? nil
            : .object(spec.constants.map { JSONMember(name: $0.name, value: constant($0)) })
    }

    /// One constant: its value (durations in milliseconds), what it means and where.
    static func constant(_ constant: ConstantSpec) -> JSONLiteral {
        let value: (String, JSONLiteral?) =
            switch constant.value {
            case .durationMilliseconds(let milliseconds): ("durationMilliseconds", .number(String(milliseconds)))
            case .integer(let integer): ("integer", .integer(integer))
            case .string(let text): ("string", .string(text))
            }
        return .fields([
            ("name", .string(constant.name)), value,
            ("description", constant.doc.isEmpty ? nil : .string(constant.doc)), JSONLiteral.source(constant.location),
        ])
    }

    /// The constant `name` of `spec`, if there is one.
    static func constant(named name: String, in spec: Spec) -> JSONLiteral? {
        spec.constants.first { $0.name == name }.map(constant)
    }

    /// `x-sdkgen-errors`: every error code with its status and category.
    static func errors(_ spec: Spec) -> JSONLiteral? {
        spec.errors.isEmpty ? nil : .array(spec.errors.map(error))
    }

    /// One error code.
    static func error(_ error: ErrorCodeSpec) -> JSONLiteral {
        .fields([
            ("code", .string(error.code)), ("status", .integer(error.status)),
            ("category", .string(error.category.rawValue)),
            ("description", error.doc.isEmpty ? nil : .string(error.doc)), JSONLiteral.source(error.location),
        ])
    }

    /// The schema of an identifier: a string with one of its prefixes and a body of its kind,
    /// said exactly by `pattern`, with the format in `x-sdkgen-identifier`.
    static func identifier(_ identifier: IdentifierSpec) -> JSONLiteral {
        let prefixes = ([identifier.prefix] + identifier.alsoRecognizedPrefixes).map(OpenAPIPatterns.literal)
        let body: String
        let kind: JSONLiteral
        switch identifier.body {
        case .uuid:
            let group = { (count: Int) in "[0-9a-fA-F]{\(count)}" }
            body = [8, 4, 4, 4, 12].map(group).joined(separator: "-")
            kind = .fields([("body", .string("uuid"))])
        case .uuidHex32:
            body = "[0-9a-f]{32}"
            kind = .fields([("body", .string("uuidHex32"))])
        case .sha256Hex32(let input):
            body = "[0-9a-f]{32}"
            kind = .fields([("body", .string("sha256Hex32")), ("input", .string(input))])
        }
        let alternatives = prefixes.count == 1 ? prefixes[0] : "(" + prefixes.joined(separator: "|") + ")"
        let valid = identifier.validExamples.map { JSONLiteral.string($0.text) }
        let invalid = identifier.invalidExamples.map { JSONLiteral.string($0.text) }
        let derived = identifier.derivations.map { derivation in
            JSONLiteral.fields([
                ("input", .string(derivation.input)), ("output", .string(derivation.output)),
                JSONLiteral.source(derivation.location),
            ])
        }
        return .fields([
            ("type", .string("string")),
            ("description", identifier.doc.isEmpty ? nil : .string(identifier.doc)),
            ("pattern", .string("^" + alternatives + body + "$")),
            ("examples", valid.isEmpty ? nil : .array(valid)),
            (
                "x-sdkgen-identifier",
                kind.adding([
                    ("prefix", .string(identifier.prefix)),
                    (
                        "alsoRecognizedPrefixes",
                        identifier.alsoRecognizedPrefixes.isEmpty ? nil : .strings(identifier.alsoRecognizedPrefixes)
                    ),
                    ("derived", derived.isEmpty ? nil : .array(derived)),
                ])
            ),
            ("x-sdkgen-invalid-examples", invalid.isEmpty ? nil : .array(invalid)),
            JSONLiteral.source(identifier.location),
        ])
    }

    /// `x-sdkgen-header-contract`: where the header contract is declared, and its examples
    /// (inputs and the headers they give).
    static func headerContract(_ headers: HeaderContractSpec) -> JSONLiteral {
        let examples = headers.examples.map { example in
            JSONLiteral.fields([
                ("inputs", .object(example.inputs)), ("expect", .object(example.expected)),
                ("absent", example.absent.isEmpty ? nil : .strings(example.absent)),
                JSONLiteral.source(example.location),
            ])
        }
        return .fields([("examples", examples.isEmpty ? nil : .array(examples)), JSONLiteral.source(headers.location)])
    }
}
