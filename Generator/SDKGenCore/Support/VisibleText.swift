/// Text made safe to print on one line of a terminal or log.
enum VisibleText {
    /// `text` with every control character and line or paragraph separator written as its code
    /// point in braces (`a{U+2028}b`): a diagnostic quoting a spec's value or naming its file
    /// stays one line, and shows what a terminal would otherwise hide or act on.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var visible = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                visible += "{\(scalar.codePoint)}"
            } else {
                visible.unicodeScalars.append(scalar)
            }
        }
        return visible
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
