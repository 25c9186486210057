/// A unified diff of two texts, line by line, with three lines of context, for `--check`.
public enum UnifiedDiff {
    /// The diff from `old` to `new`, labelled with `oldName` and `newName`; empty when equal.
    public static func diff(old: String, new: String, oldName: String, newName: String) -> String {
        if old == new { return "" }
        let a = lines(old)
        let b = lines(new)
        let edits = editScript(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var index = 0
        while index < edits.count {
            guard edits[index].kind != .same else {
                index += 1
                continue
            }
            var start = index
            var context = 0
            while start > 0, context < 3, edits[start - 1].kind == .same {
                start -= 1
                context += 1
            }
            var end = index
            var trailing = 0
            while end < edits.count {
                if edits[end].kind == .same {
                    trailing += 1
                    if trailing > 6 { break }
                } else {
                    trailing = 0
                }
                end += 1
            }
            end = min(edits.count, end - max(0, trailing - 3))
            let hunk = edits[start..<end]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1
            let newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: out += " " + a[edit.oldLine] + "\n"
                case .removed: out += "-" + a[edit.oldLine] + "\n"
                case .added: out += "+" + b[edit.newLine] + "\n"
                }
            }
            index = end
        }
        return out
    }

    struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// A shortest edit script by longest common subsequence over the lines that differ
    /// (common head and tail are stripped first, so typical changes stay cheap).
    static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let midA = Array(a[head..<(a.count - tail)])
        let midB = Array(b[head..<(b.count - tail)])
        var edits = (0..<head).map { Edit(kind: .same, oldLine: $0, newLine: $0) }
        if midA.count * midB.count > 4_000_000 {
            edits += midA.indices.map { Edit(kind: .removed, oldLine: head + $0, newLine: head) }
            edits += midB.indices.map { Edit(kind: .added, oldLine: head + midA.count, newLine: head + $0) }
        } else {
            var table = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
            for i in stride(from: midA.count - 1, through: 0, by: -1) {
                for j in stride(from: midB.count - 1, through: 0, by: -1) {
                    table[i][j] = midA[i] == midB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < midA.count || j < midB.count {
                if i < midA.count, j < midB.count, midA[i] == midB[j] {
                    edits.append(Edit(kind: .same, oldLine: head + i, newLine: head + j))
                    i += 1
                    j += 1
                } else if i < midA.count, j == midB.count || table[i + 1][j] >= table[i][j + 1] {
                    edits.append(Edit(kind: .removed, oldLine: head + i, newLine: head + j))
                    i += 1
                } else {
                    edits.append(Edit(kind: .added, oldLine: head + i, newLine: head + j))
                    j += 1
                }
            }
        }
        let offsetA = a.count - tail
        let offsetB = b.count - tail
        edits += (0..<tail).map { Edit(kind: .same, oldLine: offsetA + $0, newLine: offsetB + $0) }
        return edits
    }
}
