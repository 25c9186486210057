import Foundation

/// The app's version as the `App-Version` and `App-Build-Version` headers carry it.
public struct JoeAppInfo: Sendable, Hashable {
    /// What a header carries when the app's bundle does not say.
    public static let unknown = "unknown"

    /// `CFBundleShortVersionString`, such as `2.3`.
    public var version: String
    /// `CFBundleVersion`, such as `45`.
    public var build: String

    /// App info with both values given.
    public init(version: String, build: String) {
        self.version = version
        self.build = build
    }

    /// The main bundle's `CFBundleShortVersionString` and `CFBundleVersion`, each `unknown` when
    /// missing or empty (as for most Linux executables, which have no Info.plist).
    public static func mainBundle() -> JoeAppInfo {
        fromInfoDictionary(Bundle.main.infoDictionary ?? [:])
    }

    /// The version and build in an Info.plist dictionary, each `unknown` when missing or empty.
    public static func fromInfoDictionary(_ info: [String: Any]) -> JoeAppInfo {
        func value(_ key: String) -> String {
            guard let text = info[key] as? String, !text.isEmpty else { return unknown }
            return text
        }
        return JoeAppInfo(version: value("CFBundleShortVersionString"), build: value("CFBundleVersion"))
    }
}
