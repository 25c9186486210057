import CYAML

/// Turns YAML text into a `YAMLNode` tree with libyaml, keeping each node's line and column.
///
/// Spec files are one document of mappings, lists and scalars, with or without a byte order
/// mark. Anchors, aliases, tags (`!name`, `!!str`) and complex keys are refused with a located
/// error rather than half-supported or ignored, and so is nesting
/// deeper than `maximumDepth`: every later stage walks the tree recursively, so the limit keeps
/// a hostile file from exhausting the stack (a located error instead of a crash).
public enum YAMLReader {
    /// The deepest a collection may sit below the document (a spec needs about ten levels; an
    /// example body a few more).
    public static let maximumDepth = 64

    /// Parses `text`, naming `file` in locations. Returns `nil` and logs diagnostics when the
    /// text is not YAML a spec may use.
    public static func read(_ text: String, file: String, log: inout DiagnosticLog) -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            log.error("could not start the YAML parser", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.isEmpty { bytes = [0x0A] }
        return bytes.withUnsafeBufferPointer { buffer -> YAMLNode? in
            guard let base = buffer.baseAddress else { return nil }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var builder = TreeBuilder(file: file, input: buffer)
            return builder.run(&parser, log: &log)
        }
    }
}

/// Consumes libyaml events and assembles them into nodes.
private struct TreeBuilder {
    /// A collection being filled: its kind, location, items, and the key waiting for a value.
    /// Frames are changed in place on the stack so that long mappings are built in linear time.
    struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var items: [YAMLNode] = []
        var pairs: [(key: YAMLScalarKey, value: YAMLNode)] = []
        var pendingKey: YAMLScalarKey?
    }

    let file: String
    /// The bytes libyaml reads (for the location of a character its reader refuses).
    let input: UnsafeBufferPointer<UInt8>
    var stack: [Frame] = []
    var root: YAMLNode?
    var documents = 0
    var failed = false

    init(file: String, input: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.input = input
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// Whether the character at `mark` (its line, and its column in Unicode scalars) is a tab.
    /// Lines end where libyaml ends them: at a line feed, a carriage return (with a line feed
    /// after it, once), U+0085, U+2028 or U+2029.
    func isTab(at mark: yaml_mark_t) -> Bool {
        var line = 0
        var column = 0
        var afterCarriageReturn = false
        for scalar in String(decoding: input, as: UTF8.self).unicodeScalars {
            if line == Int(mark.line), column == Int(mark.column), !afterCarriageReturn || scalar != "\n" {
                return scalar == "\t"
            }
            switch scalar {
            case "\n" where afterCarriageReturn:
                afterCarriageReturn = false
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 0
                afterCarriageReturn = scalar == "\r"
            default:
                column += 1
                afterCarriageReturn = false
            }
        }
        return false
    }

    /// Where the byte at `offset` of the input is: its line, and its column in characters
    /// (Unicode scalars, as libyaml counts them).
    func location(ofOffset offset: Int) -> SourceLocation {
        let before = input.prefix(min(max(0, offset), input.count))
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = before[lineStart...].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return SourceLocation(file: file, line: line, column: column)
    }

    mutating func run(_ parser: inout yaml_parser_t, log: inout DiagnosticLog) -> YAMLNode? {
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                if parser.error == YAML_READER_ERROR {
                    // libyaml's reader (a character YAML does not allow) gives an offset and the
                    // character instead of a line and column.
                    let value = Unicode.Scalar(UInt32(clamping: parser.problem_value))
                    let character = value.map { " (\($0.codePoint))" } ?? ""
                    log.error(
                        "malformed YAML: \(problem)\(character)", at: location(ofOffset: Int(parser.problem_offset)))
                } else if isTab(at: parser.problem_mark) {
                    // libyaml's own words ("found character that cannot start any token") do not
                    // say which character: a tab, the usual one, gets a message of its own.
                    log.error(
                        "malformed YAML: a tab where YAML expects indentation or a value; YAML indents with spaces only",
                        at: location(parser.problem_mark))
                } else {
                    let context = parser.context.map { " " + String(cString: $0) } ?? ""
                    log.error("malformed YAML: \(problem)\(context)", at: location(parser.problem_mark))
                }
                return nil
            }
            defer { yaml_event_delete(&event) }
            let at = location(event.start_mark)
            let opens = event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT
            if opens, stack.count >= YAMLReader.maximumDepth {
                log.error(
                    "lists and mappings are nested more than \(YAMLReader.maximumDepth) deep here; "
                        + "a spec needs far fewer levels", at: at)
                return nil
            }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return failed ? nil : root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    log.error("a spec file holds exactly one YAML document; remove the extra '---'", at: at)
                    return nil
                }
            case YAML_ALIAS_EVENT:
                log.error("aliases ('*name') are not supported in spec files; write the value out", at: at)
                failed = true
                add(.scalar("", quoted: false, at), log: &log)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                if scalar.anchor != nil {
                    log.error("anchors ('&name') are not supported in spec files", at: at)
                    failed = true
                }
                refuseTag(scalar.tag, at: at, log: &log)
                let text: String =
                    if let value = scalar.value {
                        String(decoding: UnsafeBufferPointer(start: value, count: Int(scalar.length)), as: UTF8.self)
                    } else { "" }
                let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE
                add(.scalar(text, quoted: quoted, at), log: &log)
            case YAML_SEQUENCE_START_EVENT:
                if event.data.sequence_start.anchor != nil {
                    log.error("anchors ('&name') are not supported in spec files", at: at)
                    failed = true
                }
                refuseTag(event.data.sequence_start.tag, at: at, log: &log)
                stack.append(Frame(isMapping: false, location: at))
            case YAML_MAPPING_START_EVENT:
                if event.data.mapping_start.anchor != nil {
                    log.error("anchors ('&name') are not supported in spec files", at: at)
                    failed = true
                }
                refuseTag(event.data.mapping_start.tag, at: at, log: &log)
                stack.append(Frame(isMapping: true, location: at))
            case YAML_SEQUENCE_END_EVENT:
                if let frame = stack.popLast() { add(.sequence(frame.items, frame.location), log: &log) }
            case YAML_MAPPING_END_EVENT:
                if let frame = stack.popLast() { add(.mapping(frame.pairs, frame.location), log: &log) }
            default:
                break
            }
        }
    }

    /// Logs an error for a node written with a tag: a spec reads every value by where it is,
    /// so a tag would be ignored, and `!!str 5` would still read as a number.
    mutating func refuseTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, at: SourceLocation, log: inout DiagnosticLog) {
        guard let tag else { return }
        let resolved = String(cString: tag)
        let name = resolved.hasPrefix("tag:yaml.org,2002:") ? "!!" + resolved.dropFirst(18) : resolved
        log.error(
            "tags ('\(name)') are not supported in spec files; quote a value to make it a string", at: at)
        failed = true
    }

    mutating func add(_ node: YAMLNode, log: inout DiagnosticLog) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append((key, node))
            stack[top].pendingKey = nil
        } else if case .scalar(let text, _, let at) = node {
            stack[top].pendingKey = YAMLScalarKey(text: text, location: at)
        } else {
            log.error("a mapping key must be a plain word, not \(node.kindDescription)", at: node.location)
            failed = true
            stack[top].pendingKey = YAMLScalarKey(text: "", location: node.location)
        }
    }
}
