import Foundation
import MobileJoeAPI
import SDKPersistence
import Testing

@testable import MobileJoe

/// What `IdentityStore` says the identity file's place holds: a link to nothing is moved aside
/// and reported at `configure`, anything else in its place is not such a link.
@Suite("The identity file's place", .timeLimit(.minutes(3)))
struct IdentityStorePlaceTests {
    enum Place: String, CaseIterable {
        case nothing, regularFile, linkToNothing, linkToAFile, folder
    }

    @Test("only a symbolic link whose target does not exist is a link to nothing", arguments: Place.allCases)
    func onlyALinkToNothingIsOne(place: Place) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("identity-place-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = IdentityStore(directory: directory, gate: DataProtectionGate(isAvailable: true))
        let path = store.fileURL.path
        switch place {
        case .nothing:
            break
        case .regularFile:
            try Data("{}".utf8).write(to: store.fileURL)
        case .linkToNothing:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "nowhere")
        case .linkToAFile:
            let target = directory.appendingPathComponent("target")
            try Data("{}".utf8).write(to: target)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
        case .folder:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        #expect(store.holdsLinkToNothing == (place == .linkToNothing))
        #expect(store.holdsRegularFile == (place == .regularFile))
    }
}
