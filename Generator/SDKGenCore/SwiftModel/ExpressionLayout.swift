/// Lays an expression out on lines of limited width, as `swift format` keeps them with the
/// project's configuration: an expression that fits stays on one line; one that does not is
/// broken at its outermost list (call arguments, tuple items: the closing parenthesis stays on
/// the last item; array and dictionary elements: each with a trailing comma, the closing
/// bracket on a line of its own), one item per line one level deeper, and each item laid out
/// the same way. A binary expression breaks before its operator, a closure puts its body on
/// the lines between its braces, and a string literal longer than any line becomes a
/// multi-line literal joined by line continuations: the same string, without concatenation.
enum ExpressionLayout {
    /// The lines of `head`, `value` and `tail` written in a row, each at most `width` columns;
    /// lines after the first carry their extra indentation. A one-line layout leaves `spare`
    /// columns empty at its end.
    static func lines(
        _ head: String, _ value: SwiftExpression, _ tail: String, width: Int, spare: Int = 0
    ) -> [String] {
        var flat = head
        SwiftRenderer.write(value, into: &flat)
        flat += tail
        // A collection literal ending the line leaves a column for the comma `swift format`
        // would add after its last element if it broke it: it measures the literal with it.
        let spare = isCollection(value) && tail.isEmpty ? max(spare, 1) : spare
        if fits(flat, width - spare) { return CodeWriter.lines(of: flat) }
        switch value {
        case .call(let callee, let arguments):
            if arguments.count == 1, arguments[0].label == nil, case .closure = arguments[0].value {
                return lines(head + SwiftRenderer.operand(callee) + " ", arguments[0].value, tail, width: width)
            }
            guard !arguments.isEmpty else { break }
            let open = head + SwiftRenderer.operand(callee) + "("
            // A callee too long for its line (`Regex("…").matchingSemantics(`) is broken first,
            // and the arguments follow the line it ends on.
            if !fits(open, width), case .member(.some, _) = callee {
                let calleeLines = lines(head, callee, "(", width: width)
                if calleeLines.count > 1, let last = calleeLines.last {
                    return calleeLines.dropLast() + list(last, arguments.map(item), ")" + tail, width: width)
                }
            }
            return list(open, arguments.map(item), ")" + tail, width: width)
        case .macro(let name, let arguments) where !arguments.isEmpty:
            return list(head + "#\(name)(", arguments.map(item), ")" + tail, width: width)
        case .subscripted(let base, let arguments) where !arguments.isEmpty:
            return list(head + SwiftRenderer.operand(base) + "[", arguments.map(item), "]" + tail, width: width)
        case .tuple(let items) where !items.isEmpty:
            return list(head + "(", items.map { ("", $0) }, ")" + tail, width: width, closeOnOwnLine: true)
        case .array(let items) where !items.isEmpty:
            return collection(head + "[", items.map { ("", $0) }, "]" + tail, width: width)
        case .dictionary(let entries) where !entries.isEmpty:
            let items = entries.map { (SwiftRenderer.expression($0.key) + ": ", $0.value) }
            return collection(head + "[", items, "]" + tail, width: width, isDictionary: true)
        case .binary(let lhs, let op, let rhs):
            let left =
                if case .binary(_, op, _) = lhs, ["+", "&&", "||"].contains(op) {
                    lines(head, lhs, "", width: width)
                } else {
                    operand(head, lhs, "", width: width)
                }
            return left + operand(op + " ", rhs, tail, width: width - 4).map(indented)
        case .tryExpression(let inner, let optional):
            return lines(head + (optional ? "try? " : "try "), inner, tail, width: width)
        case .awaitExpression(let inner):
            return lines(head + "await ", inner, tail, width: width)
        case .prefix(let op, let inner):
            return operand(head + op, inner, tail, width: width)
        case .member(.some, _):
            return memberChain(head, value, tail, width: width)
        case .optionalChain(let base):
            return operand(head, base, "?" + tail, width: width)
        case .cast(let inner, let target):
            return lines(head, inner, " as " + SwiftRenderer.type(target) + tail, width: width)
        case .closure(let parameters, let body):
            return closure(head, parameters, body, tail, width: width)
        case .string(let text):
            return string(head, text, tail, width: width, contentIsDeeper: !head.isEmpty)
        default:
            break
        }
        return CodeWriter.lines(of: flat)
    }

    /// Whether `value` is an array or dictionary literal with elements.
    private static func isCollection(_ value: SwiftExpression) -> Bool {
        switch value {
        case .array(let items): !items.isEmpty
        case .dictionary(let entries): !entries.isEmpty
        default: false
        }
    }

    /// `head`, the items separated by commas and `tail`, filling each line of `width` columns
    /// before the next, which is one level deeper: a `case` with many patterns.
    static func filled(_ head: String, _ items: [String], _ tail: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = head
        var lineIsEmpty = true
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? tail : ",")
            if lineIsEmpty {
                line += piece
            } else if line.count + 1 + piece.count <= width {
                line += " " + piece
            } else {
                lines.append(line)
                line = indented(piece)
            }
            lineIsEmpty = false
        }
        return lines + [line]
    }

    /// Whether every line of `text` fits in `width` columns. A character takes at least one
    /// byte, so text of at most `width` bytes fits without counting its characters (which is
    /// what most lines are, and counting characters is the slower question).
    static func fits(_ text: String, _ width: Int) -> Bool {
        text.utf8.count <= width
            || CodeWriter.lines(of: text).allSatisfy { $0.utf8.count <= width || $0.count <= width }
    }

    /// `lines`, with the parentheses an operand needs (see `SwiftRenderer.operand`).
    private static func operand(_ head: String, _ value: SwiftExpression, _ tail: String, width: Int) -> [String] {
        switch value {
        case .binary, .tryExpression, .awaitExpression, .closedRange, .cast:
            lines(head + "(", value, ")" + tail, width: width)
        default:
            lines(head, value, tail, width: width)
        }
    }

    /// A chain of property reads and calls without arguments (`x.a().b`): broken inside the
    /// call with arguments it starts from, if any, with its closing parenthesis on a line of its
    /// own; otherwise before the chain's first dot, one level deeper, unless what it starts from
    /// takes several lines itself.
    private static func memberChain(_ head: String, _ value: SwiftExpression, _ tail: String, width: Int) -> [String] {
        var root = value
        var chain = ""
        while true {
            if case .member(let base?, let name) = root {
                chain = "." + name + chain
                root = base
            } else if case .call(.member(let base?, let name), let arguments) = root, arguments.isEmpty {
                chain = "." + name + "()" + chain
                root = base
            } else {
                break
            }
        }
        if case .call(_, let arguments) = root, !arguments.isEmpty {
            return operand(head, root, chain + tail, width: width)
        }
        let rootLines = operand(head, root, "", width: width)
        // After a multi-line root (a multi-line string literal), the chain follows its last line.
        guard rootLines.count == 1 else { return operand(head, root, chain + tail, width: width) }
        return rootLines + [indented(chain + tail)]
    }

    /// An argument as a label to write before its value.
    private static func item(_ argument: SwiftArgument) -> (String, SwiftExpression) {
        (argument.label.map { "\($0): " } ?? "", argument.value)
    }

    /// `open`, the items one a line one level deeper with commas between them, and `close` right
    /// after the last: an argument list. `close` goes on a line of its own for a tuple and
    /// before a member access (`).fields`), where `swift format` puts it.
    private static func list(
        _ open: String, _ items: [(String, SwiftExpression)], _ close: String, width: Int,
        closeOnOwnLine: Bool = false
    ) -> [String] {
        let ownLine = closeOnOwnLine || close.hasPrefix(").")
        var result = [open]
        for (index, (label, value)) in items.enumerated() {
            let tail = index < items.count - 1 ? "," : ownLine ? "" : close
            result += lines(label, value, tail, width: width - 4).map(indented)
        }
        return ownLine ? result + [close] : result
    }

    /// `open`, the items one a line one level deeper, each with a comma (a lone item without:
    /// `swift format` counts such a literal as a single line), and `close` on a line of its own:
    /// a collection literal.
    private static func collection(
        _ open: String, _ items: [(String, SwiftExpression)], _ close: String, width: Int, isDictionary: Bool = false
    ) -> [String] {
        var result = [open]
        let comma = items.count == 1 ? "" : ","
        for (label, value) in items {
            let itemLines =
                if isDictionary, case .string(let text) = value, !fits(label + SwiftRenderer.expression(value), width) {
                    string(label, text, comma, width: width - 4, contentIsDeeper: false)
                } else {
                    lines(label, value, comma, width: width - 4)
                }
            result += itemLines.map(indented)
        }
        return result + [close]
    }

    /// A closure whose body is laid out between its braces, one level deeper.
    private static func closure(
        _ head: String, _ parameters: [String], _ body: [SwiftStatement], _ tail: String, width: Int
    ) -> [String] {
        var inner = CodeWriter(lineLimit: width - 4)
        SwiftRenderer.statements(body, into: &inner)
        let bodyLines = CodeWriter.lines(of: String(inner.text.dropLast()))
        let open = head + "{" + (parameters.isEmpty ? "" : " " + parameters.joined(separator: ", ") + " in")
        return [open] + bodyLines.map(indented) + ["}" + tail]
    }

    /// A string literal: on one line when it fits, otherwise as a multi-line literal whose lines
    /// end in a line continuation, so that it holds exactly `text`. Its content and closing
    /// delimiter are one level deeper when `contentIsDeeper` (where `swift format` puts them:
    /// after a label or `=`, but not at the start of a line or after a dictionary key).
    private static func string(
        _ head: String, _ text: String, _ tail: String, width: Int, contentIsDeeper: Bool
    ) -> [String] {
        if text.isEmpty { return [head + SwiftStringLiteral.render(text) + tail] }
        let depth = contentIsDeeper ? indented : { $0 }
        let content = SwiftStringLiteral.multilineContent(text, width: contentIsDeeper ? width - 4 : width)
        return [head + "\"\"\""] + content.map(depth) + [depth("\"\"\"" + tail)]
    }

    /// `line` one level deeper (an empty line stays empty).
    private static func indented(_ line: String) -> String {
        line.isEmpty ? line : "    " + line
    }
}
