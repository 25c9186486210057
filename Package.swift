// swift-tools-version:6.0
// The package: a YAML contract generator (`sdkgen`), the runtime and emulator its output runs on,
// and the two SDKs built on the generated clients.
import PackageDescription

/// Settings shared by every Swift target: Swift 6 mode is the default for tools 6.0;
/// warnings are kept at zero by `.ci/run`, which fails on any.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "sdkgen",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "sdkgen", targets: ["sdkgen"]),
        .executable(name: "sdk-emulator", targets: ["sdk-emulator"]),
        .executable(name: "sdk-benchmarks", targets: ["sdk-benchmarks"]),
        .library(name: "Voidhash", targets: ["Voidhash"]),
        .library(name: "MobileJoe", targets: ["MobileJoe"]),
        .library(name: "SDKRuntime", targets: ["SDKRuntime"]),
        .library(name: "SDKPersistence", targets: ["SDKPersistence"]),
        .library(name: "SDKHashing", targets: ["SDKHashing"]),
        .library(name: "SDKEmulator", targets: ["SDKEmulator"]),
        .library(name: "VoidhashAPI", targets: ["VoidhashAPI"]),
        .library(name: "MobileJoeAPI", targets: ["MobileJoeAPI"]),
        .plugin(name: "RegenerateSDKs", targets: ["RegenerateSDKs"]),
    ],
    targets: [
        // MARK: Generator (the only part that links libyaml)
        .systemLibrary(
            name: "CYAML", path: "Generator/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(
            name: "SDKGenCore", dependencies: ["CYAML", "SDKDateTimeText"], path: "Generator/SDKGenCore",
            swiftSettings: strict),
        .executableTarget(
            name: "sdkgen", dependencies: ["SDKGenCore", "CommandLineOptions", "PackageRelease"], path: "Generator/sdkgen",
            swiftSettings: strict),
        .plugin(
            name: "RegenerateSDKs",
            capability: .command(
                intent: .custom(verb: "regenerate-sdks", description: "Regenerate Generated/ from Spec/"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated sources into Generated/")]),
            dependencies: ["sdkgen"], path: "Generator/Plugin"),

        // MARK: Release (the package's version, in one place)
        .target(name: "PackageRelease", swiftSettings: strict),

        // MARK: Command lines (the option parser sdkgen and sdk-emulator share)
        .target(name: "CommandLineOptions", swiftSettings: strict),

        // MARK: Runtime
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        // The calendar check of date-time text, shared by the generator and the runtime.
        .target(name: "SDKDateTimeText", swiftSettings: strict),
        // What a generated client uses: HTTP, JSON, the clock and the error types (no C library).
        .target(name: "SDKRuntime", dependencies: ["SDKDateTimeText"], swiftSettings: strict),
        // SQLite storage and the durable delivery queue (the outbox), used by the SDKs.
        .target(
            name: "SDKPersistence",
            dependencies: [
                "SDKRuntime",
                .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows])),
            ],
            swiftSettings: strict),
        // SHA-256 (CryptoKit on Apple platforms, libcrypto elsewhere), for derived identifiers.
        .target(
            name: "SDKHashing",
            dependencies: [
                "SDKRuntime",
                .target(name: "CCrypto", condition: .when(platforms: [.linux, .android, .windows])),
            ],
            swiftSettings: strict),

        // MARK: Generated (never edited by hand: `swift run sdkgen`)
        .target(name: "VoidhashAPI", dependencies: ["SDKRuntime"], path: "Generated/VoidhashAPI", swiftSettings: strict),
        // A spec with a derived (sha256Hex32) identifier needs SDKHashing as well.
        .target(
            name: "MobileJoeAPI", dependencies: ["SDKRuntime", "SDKHashing"], path: "Generated/MobileJoeAPI",
            swiftSettings: strict),

        // MARK: SDKs (hand-written, over the generated clients)
        .target(
            name: "Voidhash", dependencies: ["VoidhashAPI", "SDKRuntime", "SDKPersistence", "SDKHashing", "PackageRelease"],
            swiftSettings: strict),
        .target(
            name: "MobileJoe", dependencies: ["MobileJoeAPI", "SDKRuntime", "SDKPersistence", "PackageRelease"],
            swiftSettings: strict),

        // MARK: Emulator
        // The dashboard (`/_admin/ui`) is a page, a script and a style sheet, served as they are.
        .target(
            name: "SDKEmulator",
            dependencies: [
                "SDKRuntime", "SDKDateTimeText", "SDKHashing", "VoidhashAPI", "MobileJoeAPI", "CommandLineOptions",
            ],
            resources: [.copy("Admin/Dashboard")], swiftSettings: strict),
        .executableTarget(name: "sdk-emulator", dependencies: ["SDKEmulator", "PackageRelease"], swiftSettings: strict),

        // MARK: Benchmarks (`swift run -c release sdk-benchmarks`)
        .executableTarget(
            name: "sdk-benchmarks",
            dependencies: [
                "SDKGenCore", "SDKRuntime", "SDKPersistence", "VoidhashAPI", "MobileJoeAPI", "Voidhash", "MobileJoe",
                "SDKEmulator", "TestSupport",
            ],
            path: "Benchmarks/sdk-benchmarks", swiftSettings: strict),

        // MARK: Reliability
        // A process that drives a Voidhash instance, killed at random by ReliabilityTests.
        .executableTarget(
            name: "voidhash-crash-driver", dependencies: ["Voidhash", "VoidhashAPI", "SDKRuntime"],
            path: "Tests/CrashDriver", swiftSettings: strict),
        // One app launch through Mobile Joe's static API, for ReliabilityTests' relaunches.
        .executableTarget(
            name: "mobilejoe-launch-driver", dependencies: ["MobileJoe", "MobileJoeAPI", "SDKRuntime"], path: "Tests/JoeDriver",
            swiftSettings: strict),

        // MARK: Tests
        // Child processes and blocking work for the tests (no Foundation `Process`), a raw socket
        // client and an emulator server with sample routes (for the emulator benchmarks too).
        .target(
            name: "TestSupport", dependencies: ["SDKRuntime", "SDKEmulator"], path: "Tests/TestSupport",
            swiftSettings: strict),
        // The golden output of the keyword fixture (Tests/Fixtures/landmine.yaml) must compile.
        .target(
            name: "LandmineAPI", dependencies: ["SDKRuntime", "SDKHashing"], path: "Tests/Golden/landmine/LandmineAPI",
            swiftSettings: strict),
        // The server made from the fixture (it names no emulator) must compile too; the contract
        // tests send the fixture's operation examples to it.
        .target(
            name: "LandmineEmulator", dependencies: ["LandmineAPI", "SDKEmulator", "SDKRuntime"],
            path: "Tests/Golden/landmine/LandmineEmulator", swiftSettings: strict),
        .testTarget(
            name: "LandmineContractTests",
            dependencies: ["LandmineAPI", "LandmineEmulator", "SDKEmulator", "SDKRuntime"],
            path: "Tests/Golden/landmine/LandmineContractTests", swiftSettings: strict),
        .testTarget(
            name: "GeneratorTests",
            dependencies: ["SDKGenCore", "CommandLineOptions", "sdkgen", "SDKEmulator", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "VoidhashContractTests", dependencies: ["VoidhashAPI", "SDKRuntime", "SDKEmulator"],
            path: "Generated/VoidhashContractTests", swiftSettings: strict),
        .testTarget(
            name: "MobileJoeContractTests", dependencies: ["MobileJoeAPI", "SDKRuntime", "SDKEmulator"],
            path: "Generated/MobileJoeContractTests", swiftSettings: strict),
        .testTarget(
            name: "SDKRuntimeTests",
            dependencies: ["SDKRuntime", "SDKPersistence", "SDKHashing", "SDKEmulator", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "VoidhashTests",
            dependencies: ["Voidhash", "VoidhashAPI", "SDKEmulator", "SDKRuntime", "SDKPersistence", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "voidhash-crash-driver", "mobilejoe-launch-driver", "Voidhash", "VoidhashAPI", "MobileJoe",
                "MobileJoeAPI", "SDKEmulator", "SDKRuntime", "SDKPersistence", "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "MobileJoeTests",
            dependencies: [
                "MobileJoe", "MobileJoeAPI", "SDKEmulator", "SDKRuntime", "SDKPersistence", "SDKHashing", "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "EmulatorTests", dependencies: ["SDKEmulator", "SDKRuntime", "VoidhashAPI", "MobileJoeAPI", "TestSupport"],
            swiftSettings: strict),
        // The dashboard driven in headless Chromium, with requests from the Voidhash SDK.
        .testTarget(
            name: "DashboardTests", dependencies: ["SDKEmulator", "Voidhash", "SDKRuntime", "TestSupport"],
            swiftSettings: strict),
        // One version everywhere: the SDKs, the tools and the CHANGELOG agree.
        .testTarget(
            name: "ReleaseTests",
            dependencies: ["PackageRelease", "Voidhash", "MobileJoe", "sdkgen", "sdk-emulator", "TestSupport"],
            swiftSettings: strict),
    ]
)
