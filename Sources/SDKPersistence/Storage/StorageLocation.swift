import Foundation

/// Where an SDK keeps its files when the app does not say otherwise.
public enum StorageLocation {
    /// The default directory for the SDK named `sdk`; it is created (mode 0700) when storage is
    /// first opened in it. Apps override it by passing their own directory to `SDKStorage.open`.
    ///
    /// - Apple platforms: `Application Support/<sdk>`; on macOS, where Application Support is
    ///   shared by every app of the user, `Application Support/<bundle identifier>/<sdk>`.
    /// - Linux and others: `$XDG_DATA_HOME/<sdk>` when that variable holds an absolute path,
    ///   otherwise `~/.local/share/<sdk>` (the XDG Base Directory default).
    public static func defaultDirectory(sdk: String) -> URL {
        defaultDirectory(sdk: sdk, environment: ProcessInfo.processInfo.environment)
    }

    /// `defaultDirectory(sdk:)` with the environment variables given (for tests).
    static func defaultDirectory(sdk: String, environment: [String: String]) -> URL {
        #if canImport(Darwin)
            let support =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? appleFallbackSupportDirectory
            #if os(macOS)
                if let bundle = Bundle.main.bundleIdentifier {
                    return support.appendingPathComponent(bundle, isDirectory: true)
                        .appendingPathComponent(sdk, isDirectory: true)
                }
            #endif
            return support.appendingPathComponent(sdk, isDirectory: true)
        #else
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return URL(fileURLWithPath: data, isDirectory: true)
                    .appendingPathComponent(sdk, isDirectory: true)
            }
            let home =
                environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser
            return home.appendingPathComponent(".local/share", isDirectory: true)
                .appendingPathComponent(sdk, isDirectory: true)
        #endif
    }

    #if canImport(Darwin)
        /// `Library/Application Support` below the home directory, for the (never observed) case
        /// where the system names no Application Support folder. `homeDirectoryForCurrentUser`
        /// exists on macOS only; elsewhere `NSHomeDirectory()` is the app container.
        private static var appleFallbackSupportDirectory: URL {
            #if os(macOS)
                let home = FileManager.default.homeDirectoryForCurrentUser
            #else
                let home = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
            #endif
            return home.appendingPathComponent("Library/Application Support", isDirectory: true)
        }
    #endif
}
