import Foundation
import MobileJoe
import MobileJoeAPI
import SDKEmulator
import SDKHashing
import SDKRuntime
import Testing

/// The app user ID is personal data: only its truncated hash may leave the app or reach the disk.
@Suite("Mobile Joe security: the app user ID never leaves the app", .timeLimit(.minutes(3)))
struct MobileJoeSecurityTests {
    /// App user IDs with characters that are not hex digits, so none can appear in a hash by chance.
    static let appUserIDs = [
        "ada.lovelace@example.com", "account-42", "Ünïcödé user 👩‍💻", "user_123\u{0}tail",
        String(repeating: "x", count: 500),
    ]

    /// Every form in which the ID could leak: as is, lower-cased, percent-encoded, in base64,
    /// as hex of its UTF-8 bytes, and its whole (untruncated) SHA-256.
    static func leakedForms(of appUserID: String) -> [String] {
        let bytes = Data(appUserID.utf8)
        return [
            appUserID, appUserID.lowercased(),
            appUserID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? appUserID,
            bytes.base64EncodedString(), bytes.map { String(format: "%02x", $0) }.joined(),
            SHA256Hash.hex(of: bytes),
        ]
    }

    @Test("the external ID is the prefix and 32 hex digits of the SHA-256, nothing else", arguments: appUserIDs)
    func externalIDHoldsOnlyTheTruncatedHash(appUserID: String) {
        let externalID = ExternalId.make(from: appUserID)
        let body = externalID.dropFirst(ExternalId.prefix.count)
        #expect(externalID.hasPrefix(ExternalId.prefix))
        #expect(body == SHA256Hash.hex(of: Data(appUserID.utf8)).prefix(32))
        #expect(body.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(ExternalId.isValid(externalID))
        for form in Self.leakedForms(of: appUserID) {
            #expect(!externalID.contains(form))
        }
    }

    @Test("the SHA-256 under the external ID is the standard one (FIPS 180-2 vector for \"abc\")")
    func hashIsStandardSHA256() {
        #expect(ExternalId.make(from: "abc") == "$MBJExternalID:ba7816bf8f01cfea414140de5dae2223")
    }

    @Test("no request, stored file or diagnostic carries the app user ID in any form")
    func theIDNeverLeavesTheApp() async throws {
        let appUserID = "ada.lovelace+secret@example.com"
        try await withJoe { joe in
            let instance = try await joe.configured(appUserID: appUserID)
            try instance.identify(appUserID: appUserID)
            try instance.logout()
            try instance.identify(appUserID: appUserID)
            await instance.pendingIdentify()
            let relaunched = try await joe.configured(appUserID: appUserID)
            #expect(relaunched.identity?.externalId == ExternalId.make(from: appUserID))

            var seen: [String] = []
            for request in joe.allRequests {
                seen.append(request.method + " " + request.path)
                seen += request.query.map { $0.name + "=" + $0.value }
                seen += request.headers.map { $0.name + ": " + $0.value }
                seen.append(String(decoding: request.body, as: UTF8.self))
            }
            #expect(!joe.allRequests.isEmpty)
            let files = FileManager.default.enumerator(at: joe.root, includingPropertiesForKeys: nil)
            while let url = files?.nextObject() as? URL {
                seen.append(url.path)
                if let data = try? Data(contentsOf: url) { seen.append(String(decoding: data, as: UTF8.self)) }
            }
            seen += joe.diagnostics.all.map(\.description)
            let text = seen.joined(separator: "\n")
            for form in Self.leakedForms(of: appUserID) {
                #expect(!text.contains(form), "leaked as \(form)")
            }
            #expect(text.contains(ExternalId.make(from: appUserID)), "the hashed ID was sent")
        }
    }
}
