import Foundation

/// The user's preferred languages, as the `Preferred-Languages` header names them.
public enum PreferredLanguages {
    /// The system's list: `Locale.preferredLanguages` on Apple platforms; on Linux, the
    /// languages the environment names (see `fromEnvironment(_:)`), or Foundation's
    /// `Locale.preferredLanguages` when it names none (the `C` locale), so that every request
    /// still carries the header.
    public static func system() -> [String] {
        #if canImport(Darwin)
            Locale.preferredLanguages
        #else
            fromEnvironment(ProcessInfo.processInfo.environment, otherwise: Locale.preferredLanguages)
        #endif
    }

    /// The languages the environment names (see `fromEnvironment(_:)`), or `fallback` when it
    /// names none.
    static func fromEnvironment(_ environment: [String: String], otherwise fallback: [String]) -> [String] {
        let named = fromEnvironment(environment)
        return named.isEmpty ? fallback : named
    }

    /// The languages the POSIX locale variables name, as BCP 47 tags (`cs_CZ.UTF-8` → `cs-CZ`):
    /// the colon-separated `LANGUAGE` list first, then `LC_ALL`, `LC_MESSAGES` and `LANG`.
    /// The `C` and `POSIX` locales name no language; duplicates are dropped.
    public static func fromEnvironment(_ environment: [String: String]) -> [String] {
        let candidates =
            (environment["LANGUAGE"]?.split(separator: ":").map(String.init) ?? [])
            + ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }
        var languages: [String] = []
        for candidate in candidates {
            guard let tag = tag(fromPOSIXLocale: candidate), !languages.contains(tag) else { continue }
            languages.append(tag)
        }
        return languages
    }

    /// `cs_CZ.UTF-8@euro` → `cs-CZ`; `nil` for `C`, `POSIX` and anything not a language.
    static func tag(fromPOSIXLocale locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        guard name != "C", name != "POSIX" else { return nil }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter }), parts.count <= 2
        else { return nil }
        guard parts.count == 2 else { return language.lowercased() }
        let region = parts[1]
        guard !region.isEmpty, region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return nil
        }
        return language.lowercased() + "-" + region.uppercased()
    }
}
