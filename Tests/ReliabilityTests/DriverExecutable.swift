import Foundation
import TestSupport

/// The driver executables, built with the tests.
enum DriverExecutable {
    /// `voidhash-crash-driver`'s location, or `nil` when it was not built.
    static let url: URL? = BuiltProducts.executable("voidhash-crash-driver")
    /// `mobilejoe-launch-driver`'s location, or `nil` when it was not built.
    static let joeLaunchURL: URL? = BuiltProducts.executable("mobilejoe-launch-driver")
}
