import Foundation
@testable import SDKPersistence
import Testing

@testable import SDKRuntime

@Suite("StorageLocation", .timeLimit(.minutes(3)))
struct StorageLocationTests {
    #if !canImport(Darwin)
        @Test func usesXDGDataHomeWhenItIsAbsolute() {
            let url = StorageLocation.defaultDirectory(
                sdk: "voidhash", environment: ["XDG_DATA_HOME": "/data/home", "HOME": "/home/ada"])
            #expect(url.path == "/data/home/voidhash")
        }

        @Test func fallsBackToLocalShareUnderHome() {
            for environment in [
                ["HOME": "/home/ada"], ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"],
            ] {
                let url = StorageLocation.defaultDirectory(sdk: "voidhash", environment: environment)
                #expect(url.path == "/home/ada/.local/share/voidhash")
            }
        }
    #endif

    @Test func theDefaultEndsWithTheSDKName() {
        #expect(StorageLocation.defaultDirectory(sdk: "mobilejoe").lastPathComponent == "mobilejoe")
    }
}
