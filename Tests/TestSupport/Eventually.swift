/// Waits until `condition` holds; gives up (returning `false`, which the caller expects to be
/// `true`) after a generous real-time cap, so a broken rule fails the test instead of hanging the
/// run.
///
/// Between checks it pauses a millisecond rather than only yielding: a loop of yields keeps a
/// thread of the cooperative pool busy, and with a few such waits on a 2-core machine under the
/// thread sanitizer the SDK work they wait for barely ran. The pause is a polling interval, not
/// a time anything is measured by.
public func eventually(_ condition: () async -> Bool) async -> Bool {
    let cap = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < cap {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}
