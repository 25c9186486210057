/// The package's release, in one place: the SDKs report this version (`Voidhash.sdkVersion`,
/// `Joe.frameworkVersion`), and `sdkgen --version` and `sdk-emulator --version` print it. It
/// equals the latest entry of `CHANGELOG.md` (a test checks).
public enum Release {
    /// The version, such as `0.2.0` (semantic versioning).
    public static let version = "0.2.0"
}
