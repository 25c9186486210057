/// Keeps the optimizer from removing work whose result is otherwise unused: the value escapes
/// into a function the optimizer may not look into.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {
    _ = value
}
