/// Renders the declaration model as Swift source text, deterministically.
public enum SwiftRenderer {
    /// The text of a whole file, with the do-not-edit header.
    public static func render(_ file: SwiftFile) -> String {
        guard let qualification = file.qualification else { return renderText(file) }
        return TypeQualification.$current.withValue(qualification) { renderText(file) }
    }

    /// `render`, with the file's qualification in effect.
    private static func renderText(_ file: SwiftFile) -> String {
        var writer = CodeWriter()
        for line in GeneratedFileHeader.lines(specFile: file.specFile) { writer.line(line) }
        writer.line("")
        // In lexicographic order, as `swift format` keeps imports.
        for module in Set(file.imports).sorted() { writer.line("import \(module)") }
        for declaration in file.declarations {
            writer.line("")
            render(declaration, into: &writer)
        }
        return writer.text
    }

    static func render(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .type(let type): render(type, into: &writer)
        case .function(let function): render(function, into: &writer)
        case .property(let property): render(property, into: &writer)
        case .enumCase(let enumCase):
            docLines(enumCase.doc, into: &writer)
            let values =
                enumCase.associatedValues.isEmpty
                ? "" : "(" + enumCase.associatedValues.map(type).joined(separator: ", ") + ")"
            let raw = enumCase.rawValue.map { " = " + expression($0) } ?? ""
            writer.line("case \(enumCase.name)\(values)\(raw)")
        case .typeAlias(let doc, let access, let name, let aliased):
            docLines(doc, into: &writer)
            writer.line("\(accessPrefix(access))typealias \(name) = \(type(aliased))")
        }
    }

    static func docLines(_ lines: [String], into writer: inout CodeWriter) {
        for line in lines { writer.line(line.isEmpty ? "///" : "/// \(DocLineText.visible(line))") }
    }

    static func accessPrefix(_ access: SwiftAccess) -> String {
        access == .internal ? "" : access.rawValue + " "
    }

    static func attributes(_ attributes: [SwiftAttribute], into writer: inout CodeWriter) {
        for attribute in attributes {
            if let arguments = attribute.arguments {
                // swift-format keeps room for the space that could join an attribute to its
                // declaration, so an attribute on one line ends a column short of others.
                write("", .macro(attribute.name, arguments), "", into: &writer, marker: "@", spare: 1)
            } else {
                writer.line("@\(attribute.name)")
            }
        }
    }

    static func render(_ declaration: SwiftTypeDeclaration, into writer: inout CodeWriter) {
        docLines(declaration.doc, into: &writer)
        attributes(declaration.attributes, into: &writer)
        let access =
            declaration.kind == .extension && declaration.access == .public ? "" : accessPrefix(declaration.access)
        let head = "\(access)\(declaration.kind.rawValue) \(declaration.name)"
        let conformances = declaration.conformances.map(type).joined(separator: ", ")
        let oneLine = head + (conformances.isEmpty ? "" : ": " + conformances) + " {"
        // As `swift format` lays out a declaration too long for its line: the conformances on a
        // line of their own, the opening brace after them.
        let opening =
            oneLine.count <= writer.columnsLeft || conformances.isEmpty
            ? oneLine : head + ":\n    " + conformances + "\n{"
        writer.block(opening) { writer in
            for (index, member) in declaration.members.enumerated() {
                if index > 0, !isCompactCase(member, after: declaration.members[index - 1]) { writer.line("") }
                render(member, into: &writer)
            }
        }
    }

    /// Consecutive undocumented enum cases are written without blank lines between them.
    static func isCompactCase(_ member: SwiftDeclaration, after previous: SwiftDeclaration) -> Bool {
        if case .enumCase(let current) = member, case .enumCase(let earlier) = previous {
            return current.doc.isEmpty && earlier.doc.isEmpty
        }
        return false
    }

    static func render(_ function: SwiftFunction, into writer: inout CodeWriter) {
        docLines(function.doc, into: &writer)
        attributes(function.attributes, into: &writer)
        let name =
            accessPrefix(function.access) + (function.isStatic ? "static " : "")
            + (function.name == "init" ? "init" : "func \(function.name)" + (isOperator(function.name) ? " " : ""))
        var effects = function.isAsync ? " async" : ""
        if let throwsType = function.throwsType {
            effects += throwsType.map { " throws(\(type($0)))" } ?? " throws"
        }
        if let returnType = function.returnType { effects += " -> \(type(returnType))" }
        let parameters = function.parameters.map(parameter)
        let oneLine = name + "(" + parameters.joined(separator: ", ") + ")" + effects + " {"
        if (oneLine.count <= 100 || parameters.count < 2) && (oneLine.count <= writer.columnsLeft || parameters.isEmpty)
        {
            writer.line(oneLine)
        } else {
            writer.line(name + "(")
            writer.indented { writer in
                for (index, text) in parameters.enumerated() {
                    writer.line(text + (index == parameters.count - 1 ? "" : ","))
                }
            }
            writer.line(")" + effects + " {")
        }
        writer.indented { statements(function.body, into: &$0) }
        writer.line("}")
    }

    /// Whether `name` is an operator (`==`), written with a space before its parameters.
    static func isOperator(_ name: String) -> Bool {
        name.first.map { !$0.isLetter && $0 != "_" && $0 != "`" } ?? false
    }

    static func parameter(_ parameter: SwiftFunction.Parameter) -> String {
        var text = parameter.label.map { "\($0) \(parameter.name)" } ?? parameter.name
        text += ": " + (parameter.isInout ? "inout " : "") + type(parameter.type)
        if let value = parameter.defaultValue { text += " = \(expression(value))" }
        return text
    }

    static func render(_ property: SwiftProperty, into writer: inout CodeWriter) {
        docLines(property.doc, into: &writer)
        attributes(property.attributes, into: &writer)
        let head =
            accessPrefix(property.access) + (property.isStatic ? "static " : "")
            + (property.isMutable || property.getter != nil ? "var " : "let ")
            + "\(property.name): \(type(property.type))"
        if let getter = property.getter {
            writer.block(head + " {") { writer in statements(getter, into: &writer) }
        } else if let value = property.value {
            write(head + " = ", value, "", into: &writer)
        } else {
            writer.line(head)
        }
    }

    // MARK: statements

    static func statements(_ statements: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in statements { render(statement, into: &writer) }
    }

    static func render(_ statement: SwiftStatement, into writer: inout CodeWriter) {
        switch statement {
        case .expression(let value):
            write("", value, "", into: &writer)
        case .binding(let binding):
            var text = (binding.isMutable ? "var " : "let ") + binding.name
            if let bindingType = binding.type { text += ": \(type(bindingType))" }
            if let value = binding.value {
                write(text + " = ", value, "", into: &writer)
            } else {
                writer.line(text)
            }
        case .assignment(let target, let op, let value):
            writeBreakingAfterOperator("\(expression(target)) \(op)", value, into: &writer)
        case .returnStatement(let value):
            if let value { write("return ", value, "", into: &writer) } else { writer.line("return") }
        case .throwStatement(let value):
            write("throw ", value, "", into: &writer)
        case .ifStatement(let conditions, let then, let otherwise):
            writeConditions("if ", conditions, " {", into: &writer)
            writer.indented { statements(then, into: &$0) }
            if let otherwise {
                writer.line("} else {")
                writer.indented { statements(otherwise, into: &$0) }
            }
            writer.line("}")
        case .guardStatement(let conditions, let otherwise):
            var exit = CodeWriter()
            statements(otherwise, into: &exit)
            let exitLine = exit.text.dropLast()
            let oneLine = "guard \(conditionList(conditions)) else { \(exitLine) }"
            if otherwise.count == 1, !exitLine.contains("\n"), oneLine.count <= writer.columnsLeft {
                writer.line(oneLine)
            } else {
                let head = "guard \(conditionList(conditions)) else {"
                if head.count <= writer.columnsLeft {
                    writer.line(head)
                } else if conditions.count == 1 {
                    // As `swift format` lays it out: `guard` alone, the condition a level deeper.
                    writer.line("guard")
                    writer.indented { writeConditions("", conditions, "", into: &$0) }
                    writer.line("else {")
                } else {
                    writeConditions("guard ", conditions, "", into: &writer)
                    writer.line("else {")
                }
                writer.indented { statements(otherwise, into: &$0) }
                writer.line("}")
            }
        case .forIn(let name, let sequence, let body):
            write("for \(name) in ", sequence, " {", into: &writer)
            writer.indented { statements(body, into: &$0) }
            writer.line("}")
        case .switchStatement(let subject, let cases, let defaultBody):
            write("switch ", subject, " {", into: &writer)
            for switchCase in cases {
                let patterns = switchCase.patterns.map(expression)
                for line in ExpressionLayout.filled("case ", patterns, ":", width: writer.columnsLeft) {
                    writer.line(line)
                }
                writer.indented { statements(switchCase.body, into: &$0) }
            }
            if let defaultBody {
                writer.line("default:")
                writer.indented { statements(defaultBody, into: &$0) }
            }
            writer.line("}")
        case .continueStatement:
            writer.line("continue")
        case .breakStatement:
            writer.line("break")
        }
    }

    /// Writes `head`, `value` and `tail` as one line, or as the lines `ExpressionLayout` breaks
    /// them into when that line would be too long; a `marker` replaces the first character (the
    /// `#` of a macro use, for an attribute's `@`); a one-line layout leaves `spare` columns
    /// empty at its end.
    static func write(
        _ head: String, _ value: SwiftExpression, _ tail: String, into writer: inout CodeWriter, marker: String = "",
        spare: Int = 0
    ) {
        var lines = ExpressionLayout.lines(head, value, tail, width: writer.columnsLeft, spare: spare)
        if !marker.isEmpty { lines[0] = marker + lines[0].dropFirst() }
        for line in lines { writer.line(line) }
    }

    /// Writes `head value` as `write` does; when even its broken layout leaves a line too long
    /// (a long name on both sides of `=`), breaks after `head` instead and writes the value a
    /// level deeper, as `swift format` does.
    static func writeBreakingAfterOperator(_ head: String, _ value: SwiftExpression, into writer: inout CodeWriter) {
        let lines = ExpressionLayout.lines(head + " ", value, "", width: writer.columnsLeft)
        guard lines.contains(where: { !ExpressionLayout.fits($0, writer.columnsLeft) }) else {
            return lines.forEach { writer.line($0) }
        }
        writer.line(head)
        writer.indented { write("", value, "", into: &$0) }
    }

    /// Writes `if` or `guard` conditions: one condition laid out like an expression, several on
    /// one line when they fit.
    static func writeConditions(
        _ head: String, _ conditions: [SwiftCondition], _ tail: String, into writer: inout CodeWriter
    ) {
        let brace = tail.drop { $0 == " " }
        if conditions.count == 1 {
            let (lead, value) =
                switch conditions[0] {
                case .expression(let value): (head, value)
                case .optionalBinding(let name, let value): (head + "let \(name) = ", value)
                }
            let lines = ExpressionLayout.lines(lead, value, tail, width: writer.columnsLeft)
            guard lines.count > 1, !brace.isEmpty else { return lines.forEach { writer.line($0) } }
            // As `swift format` lays it out: a condition that does not fit on one line with its
            // brace leaves the brace on a line of its own.
            for line in ExpressionLayout.lines(lead, value, "", width: writer.columnsLeft) { writer.line(line) }
            return writer.line(String(brace))
        }
        let oneLine = head + conditionList(conditions) + tail
        guard conditions.count > 1, !ExpressionLayout.fits(oneLine, writer.columnsLeft) else {
            return writer.line(oneLine)
        }
        // As `swift format` breaks them: the conditions fill their lines, those after the first
        // one level deeper, and the brace of an `if` on a line of its own.
        let items = conditions.map { conditionList([$0]) }
        for line in ExpressionLayout.filled(head, items, "", width: writer.columnsLeft) { writer.line(line) }
        if !brace.isEmpty { writer.line(String(brace)) }
    }

    static func conditionList(_ conditions: [SwiftCondition]) -> String {
        conditions.map { condition in
            switch condition {
            case .expression(let value): expression(value)
            case .optionalBinding(let name, let value): "let \(name) = \(expression(value))"
            }
        }.joined(separator: ", ")
    }

    // MARK: expressions and types

    /// The text of a type.
    public static func type(_ swiftType: SwiftType) -> String {
        switch swiftType {
        case .named(let parts): (TypeQualification.current?.qualified(parts) ?? parts).joined(separator: ".")
        case .array(let element): "[\(type(element))]"
        case .dictionary(let key, let value): "[\(type(key)): \(type(value))]"
        case .optional(let wrapped): "\(type(wrapped))?"
        case .existential(let inner): "any \(type(inner))"
        case .tuple(let items): "(" + items.map(type).joined(separator: ", ") + ")"
        case .generic(let parts, let arguments):
            (TypeQualification.current?.qualified(parts) ?? parts).joined(separator: ".") + "<"
                + arguments.map(type).joined(separator: ", ") + ">"
        }
    }

    /// The text of an expression.
    public static func expression(_ value: SwiftExpression) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    /// Appends the one-line text of `value` to `out` (every piece straight into `out`: an
    /// expression is many small pieces).
    static func write(_ value: SwiftExpression, into out: inout String) {
        switch value {
        case .identifier(let name): out += TypeQualification.current?.qualified(name) ?? name
        case .member(let base, let name):
            if let base { writeOperand(base, into: &out) }
            out += "."
            out += name
        case .call(let callee, let arguments):
            writeOperand(callee, into: &out)
            if arguments.count == 1, arguments[0].label == nil, case .closure = arguments[0].value {
                out += " "
                write(arguments[0].value, into: &out)
            } else {
                out += "("
                write(arguments, into: &out)
                out += ")"
            }
        case .string(let text): out += SwiftStringLiteral.render(text)
        case .integer(let number): out += String(number)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .nilLiteral: out += "nil"
        case .array(let items):
            out += "["
            write(items, into: &out)
            out += "]"
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                out += "[:]"
                return
            }
            out += "["
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += ", " }
                write(entry.key, into: &out)
                out += ": "
                write(entry.value, into: &out)
            }
            out += "]"
        case .binary(let lhs, let op, let rhs):
            if case .binary(_, op, _) = lhs, ["+", "&&", "||"].contains(op) {
                write(lhs, into: &out)
            } else {
                writeOperand(lhs, into: &out)
            }
            // A range operator is written without spaces, as `swift format` writes it.
            out += op == "..<" ? op : " \(op) "
            writeOperand(rhs, into: &out)
        case .prefix(let op, let inner):
            out += op
            writeOperand(inner, into: &out)
        case .tryExpression(let inner, let optional):
            out += optional ? "try? " : "try "
            write(inner, into: &out)
        case .awaitExpression(let inner):
            out += "await "
            write(inner, into: &out)
        case .tuple(let items):
            out += "("
            write(items, into: &out)
            out += ")"
        case .type(let swiftType): out += type(swiftType)
        case .closure(let parameters, let body): out += closure(parameters, body)
        case .subscripted(let base, let arguments):
            writeOperand(base, into: &out)
            out += "["
            write(arguments, into: &out)
            out += "]"
        case .macro(let name, let arguments):
            out += "#\(name)("
            write(arguments, into: &out)
            out += ")"
        case .optionalChain(let base):
            writeOperand(base, into: &out)
            out += "?"
        case .closedRange(let lower, let upper):
            write(lower, into: &out)
            out += "..."
            write(upper, into: &out)
        case .bindingPattern(let name): out += "let \(name)"
        case .cast(let inner, let target):
            write(inner, into: &out)
            out += " as "
            out += type(target)
        }
    }

    /// Appends `items` separated by commas.
    private static func write(_ items: [SwiftExpression], into out: inout String) {
        for (index, item) in items.enumerated() {
            if index > 0 { out += ", " }
            write(item, into: &out)
        }
    }

    /// Appends `arguments`, each with its label, separated by commas.
    private static func write(_ arguments: [SwiftArgument], into out: inout String) {
        for (index, argument) in arguments.enumerated() {
            if index > 0 { out += ", " }
            if let label = argument.label {
                out += label
                out += ": "
            }
            write(argument.value, into: &out)
        }
    }

    /// A closure on one line when its body is one line, else with its body indented between
    /// its braces.
    private static func closure(_ parameters: [String], _ body: [SwiftStatement]) -> String {
        let head = parameters.isEmpty ? "" : " " + parameters.joined(separator: ", ") + " in"
        var inner = CodeWriter()
        statements(body, into: &inner)
        let lines = inner.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if lines.count == 1 { return "{\(head) \(lines[0].trimmingLeadingSpaces) }" }
        return "{\(head)\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    /// An expression used as an operand: binary, try and await forms get parentheses.
    static func operand(_ value: SwiftExpression) -> String {
        var out = ""
        writeOperand(value, into: &out)
        return out
    }

    /// Appends `value` as an operand (see `operand`).
    static func writeOperand(_ value: SwiftExpression, into out: inout String) {
        switch value {
        case .binary, .tryExpression, .awaitExpression, .closedRange, .cast:
            out += "("
            write(value, into: &out)
            out += ")"
        default: write(value, into: &out)
        }
    }
}

extension Substring {
    /// The text without its leading spaces.
    fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
