extension VoidhashAnalyticsConsent {
    /// Whether analytics may be recorded: events (`$sign_out` included) are stored and person
    /// attributes sent only with `.granted`; `.pending` counts as not granted. Groups do not need
    /// it: without it, a `$groupidentify` goes out alone with the group's type, key and
    /// properties.
    var allowsAnalytics: Bool {
        self == .granted
    }
}
