import Foundation
import Testing

@testable import MobileJoe

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Header sources: app, device, languages", .timeLimit(.minutes(3)))
struct SystemInfoTests {
    @Test func osReleaseValuesAreUnquotedAndUnescaped() {
        let text = """
            # a comment
            NAME="Debian GNU/Linux"
            ID=debian
            VERSION_ID='12'
            PRETTY_NAME="Say \\"hi\\"" 
            not a line
            =novalue
            BAD-KEY=dash
            SPACED KEY=space
            ÉTÉ=accent
            """
        let values = OSRelease.parse(text)
        #expect(values["NAME"] == "Debian GNU/Linux")
        #expect(values["ID"] == "debian")
        #expect(values["VERSION_ID"] == "12")
        #expect(values["PRETTY_NAME"] == #"Say "hi""#)
        #expect(values.count == 4, "keys are ASCII letters, digits and underscores: \(values.keys.sorted())")
    }

    @Test func linuxOSNameIsNAMEThenIDThenLinux() {
        let system = UnameFields(release: "6.1.0-18-amd64", machine: "x86_64")
        let full = JoeDeviceInfo.linux(
            osRelease: ["NAME": "Ubuntu", "ID": "ubuntu", "VERSION_ID": "24.04"], system: system)
        #expect(full == JoeDeviceInfo(osName: "Ubuntu", osVersion: "24.04", deviceModel: "x86_64"))
        let idOnly = JoeDeviceInfo.linux(osRelease: ["ID": "alpine"], system: system)
        #expect(idOnly == JoeDeviceInfo(osName: "alpine", osVersion: "6.1.0-18-amd64", deviceModel: "x86_64"))
        let none = JoeDeviceInfo.linux(osRelease: ["NAME": ""], system: system)
        #expect(none == JoeDeviceInfo(osName: "Linux", osVersion: "6.1.0-18-amd64", deviceModel: "x86_64"))
    }

    #if os(Linux)
        @Test func linuxDeviceInfoReadsOSReleaseAndUname() throws {
            let osRelease = OSRelease.parse(try String(contentsOfFile: "/etc/os-release", encoding: .utf8))
            var names = utsname()
            #expect(uname(&names) == 0)
            let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let current = JoeDeviceInfo.current()
            #expect(current.osName == osRelease["NAME"] ?? osRelease["ID"] ?? "Linux")
            #expect(current.osVersion == osRelease["VERSION_ID"] ?? UnameFields.current().release)
            #expect(current.deviceModel == machine)
        }
    #endif

    @Test func appInfoComesFromTheInfoDictionary() {
        let info = JoeAppInfo.fromInfoDictionary(["CFBundleShortVersionString": "2.3", "CFBundleVersion": "45"])
        #expect(info == JoeAppInfo(version: "2.3", build: "45"))
        let missing = JoeAppInfo.fromInfoDictionary(["CFBundleShortVersionString": "", "CFBundleVersion": 7])
        #expect(missing == JoeAppInfo(version: "unknown", build: "unknown"))
    }

    @Test func linuxLanguagesComeFromLANGUAGEThenLCALLThenLANG() {
        #expect(
            PreferredLanguages.fromEnvironment([
                "LANGUAGE": "cs_CZ:de", "LC_ALL": "en_US.UTF-8", "LANG": "cs_CZ.UTF-8",
            ]) == ["cs-CZ", "de", "en-US"])
        #expect(PreferredLanguages.fromEnvironment(["LANG": "C.UTF-8"]) == [])
        #expect(PreferredLanguages.fromEnvironment(["LC_ALL": "POSIX", "LANG": "fr_FR@euro"]) == ["fr-FR"])
        #expect(PreferredLanguages.fromEnvironment(["LANGUAGE": "::", "LANG": "x"]) == [])
        #expect(PreferredLanguages.fromEnvironment([:]) == [])
    }

    /// A locale name with an empty part (`en_`, `_en`, `en__US`) is no language tag: left out,
    /// not read as `en` or `en-US`.
    @Test(arguments: ["en_", "_en", "en__US", "en_US_"])
    func aLocaleNameWithAnEmptyPartIsLeftOut(name: String) {
        #expect(PreferredLanguages.fromEnvironment(["LANG": name]) == [])
    }

    /// Each request carries `Preferred-Languages`: where the environment names no language (the
    /// `C` locale), Linux falls back to Foundation's `Locale.preferredLanguages`.
    @Test func theSystemAlwaysNamesALanguage() {
        #expect(PreferredLanguages.fromEnvironment(["LANG": "C.UTF-8"], otherwise: ["en-001"]) == ["en-001"])
        #expect(PreferredLanguages.fromEnvironment([:], otherwise: ["en-001"]) == ["en-001"])
        #expect(PreferredLanguages.fromEnvironment(["LANG": "de_DE.UTF-8"], otherwise: ["en-001"]) == ["de-DE"])
        #expect(!PreferredLanguages.system().isEmpty)
    }

    @Test func onAMacTheModelNotTheArchitectureIsTheDeviceModel() {
        // iPhone, iPad, Apple TV, Watch, Vision Pro: hw.machine is the model identifier.
        #expect(JoeDeviceInfo.modelIdentifier(machine: "iPhone16,2", model: "D83AP") == "iPhone16,2")
        // macOS, Mac Catalyst, an iOS app on a Mac: hw.machine is only the architecture.
        for architecture in ["arm64", "arm64e", "x86_64"] {
            #expect(JoeDeviceInfo.modelIdentifier(machine: architecture, model: "Mac14,2") == "Mac14,2")
        }
        #expect(JoeDeviceInfo.modelIdentifier(machine: "arm64", model: nil) == "arm64")
        #expect(JoeDeviceInfo.modelIdentifier(machine: nil, model: nil) == "unknown")
    }
}
