import Foundation
import MobileJoeAPI

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The system as the `OS-Name`, `OS-Version` and `Device-Model` headers describe it.
///
/// | Header | Apple platforms | Linux |
/// | --- | --- | --- |
/// | `OS-Name` | `iOS` on iOS (the page's value); `macOS`, `tvOS`, `watchOS`, `visionOS` elsewhere | `NAME` of `/etc/os-release` (`Debian GNU/Linux`), else `ID`, else `Linux` |
/// | `OS-Version` | `ProcessInfo.operatingSystemVersion` as `major.minor.patch` (`18.2.0`) | `VERSION_ID` of `/etc/os-release` (`12`), else the kernel release of `uname` |
/// | `Device-Model` | `sysctlbyname("hw.machine")` (`iPhone16,2`); the simulated model in the simulator; `hw.model` (`Mac14,2`) on a Mac, where the machine is only the architecture: macOS, Mac Catalyst, iOS apps on a Mac | the machine of `uname` (`x86_64`, `aarch64`) |
public struct JoeDeviceInfo: Sendable, Hashable {
    /// The `OS-Name` header.
    public var osName: String
    /// The `OS-Version` header.
    public var osVersion: String
    /// The `Device-Model` header.
    public var deviceModel: String

    /// Device info with every value given.
    public init(osName: String, osVersion: String, deviceModel: String) {
        self.osName = osName
        self.osVersion = osVersion
        self.deviceModel = deviceModel
    }

    /// The running system, read from the sources in the table above.
    public static func current() -> JoeDeviceInfo {
        #if canImport(Darwin)
            let version = ProcessInfo.processInfo.operatingSystemVersion
            return JoeDeviceInfo(
                osName: appleOSName,
                osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
                deviceModel: appleModel())
        #else
            let osRelease =
                ["/etc/os-release", "/usr/lib/os-release"].lazy
                .compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
                .first
                .map(OSRelease.parse) ?? [:]
            return linux(osRelease: osRelease, system: UnameFields.current())
        #endif
    }

    /// Linux device info from the `os-release` assignments and the `uname` fields.
    static func linux(osRelease: [String: String], system: UnameFields) -> JoeDeviceInfo {
        func nonEmpty(_ key: String) -> String? { osRelease[key].flatMap { $0.isEmpty ? nil : $0 } }
        return JoeDeviceInfo(
            osName: nonEmpty("NAME") ?? nonEmpty("ID") ?? "Linux",
            osVersion: nonEmpty("VERSION_ID") ?? system.release,
            deviceModel: system.machine)
    }

    /// The `Device-Model` of an Apple device from its `hw.machine` and `hw.model` values: the
    /// machine (`iPhone16,2`) on iPhone, iPad, Apple TV, Apple Watch and Vision Pro. On a Mac
    /// (macOS, Mac Catalyst, an iOS app on a Mac) the machine names only the architecture
    /// (`arm64`, `x86_64`), so the model (`Mac14,2`) is used.
    static func modelIdentifier(machine: String?, model: String?) -> String {
        if let machine, !["arm64", "arm64e", "x86_64", "i386"].contains(machine) { return machine }
        return model ?? machine ?? "unknown"
    }

    #if canImport(Darwin)
        /// The OS-Name value of the platform this was built for.
        private static var appleOSName: String {
            #if os(iOS)
                MobileJoeConstants.osNameApple
            #elseif os(macOS)
                "macOS"
            #elseif os(tvOS)
                "tvOS"
            #elseif os(watchOS)
                "watchOS"
            #elseif os(visionOS)
                "visionOS"
            #else
                MobileJoeConstants.osNameApple
            #endif
        }

        /// The model identifier: the simulated model in a simulator, else the sysctl value.
        private static func appleModel() -> String {
            if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] {
                return simulated
            }
            return modelIdentifier(machine: sysctlString("hw.machine"), model: sysctlString("hw.model"))
        }

        /// A string value of `sysctlbyname`, or `nil` when it has none.
        private static func sysctlString(_ name: String) -> String? {
            var size = 0
            guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0 else { return nil }
            var bytes = [CChar](repeating: 0, count: size)
            guard sysctlbyname(name, &bytes, &size, nil, 0) == 0 else { return nil }
            let value = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return value.isEmpty ? nil : value
        }
    #endif
}

/// The fields of `uname(2)` the headers use.
struct UnameFields: Sendable, Hashable {
    /// The kernel release, such as `6.1.0-18-amd64`.
    var release: String
    /// The hardware name, such as `x86_64`.
    var machine: String

    /// The running kernel's values; `unknown` when `uname` fails.
    static func current() -> UnameFields {
        var names = utsname()
        guard uname(&names) == 0 else { return UnameFields(release: "unknown", machine: "unknown") }
        return UnameFields(release: field(&names.release), machine: field(&names.machine))
    }

    /// A NUL-terminated `utsname` field as a string.
    private static func field<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
