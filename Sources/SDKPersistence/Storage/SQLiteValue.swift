import Foundation

/// A value bound to a statement parameter or read from a result column.
enum SQLiteValue: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)
}

/// One result row, its values in the order the query selected them.
///
/// The typed accessors throw `StorageError.corrupt` when a column does not hold what the schema
/// promises, so that a damaged row never turns into a crash.
struct SQLiteRow: Sendable {
    /// The column values.
    let values: [SQLiteValue]

    /// The column at `index` as an integer.
    func integer(_ index: Int) throws(StorageError) -> Int64 {
        guard case .integer(let value) = values[checked: index] else { throw .corrupt }
        return value
    }

    /// The column at `index` as a double (an integer column is widened).
    func real(_ index: Int) throws(StorageError) -> Double {
        switch values[checked: index] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw .corrupt
        }
    }

    /// The column at `index` as an integer, or `nil` when it is `NULL`.
    func optionalInteger(_ index: Int) throws(StorageError) -> Int64? {
        if case .null = values[checked: index] { return nil }
        return try integer(index)
    }

    /// The column at `index` as text.
    func text(_ index: Int) throws(StorageError) -> String {
        guard case .text(let value) = values[checked: index] else { throw .corrupt }
        return value
    }

    /// The column at `index` as text, or `nil` when it is `NULL`.
    func optionalText(_ index: Int) throws(StorageError) -> String? {
        if case .null = values[checked: index] { return nil }
        return try text(index)
    }

    /// The column at `index` as bytes.
    func blob(_ index: Int) throws(StorageError) -> Data {
        guard case .blob(let value) = values[checked: index] else { throw .corrupt }
        return value
    }
}

extension Array where Element == SQLiteValue {
    /// The element at `index`, or `.null` past the end (which the typed accessors reject).
    fileprivate subscript(checked index: Int) -> SQLiteValue {
        indices.contains(index) ? self[index] : .null
    }
}
