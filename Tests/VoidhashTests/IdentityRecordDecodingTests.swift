import Foundation
import SDKRuntime
import Testing

@testable import Voidhash

/// A stored identity keeps the user signed in when only what can be made again is missing or
/// damaged; without a readable distinct or anonymous ID it is not an identity.
@Suite("Reading a stored identity", .timeLimit(.minutes(3)))
struct IdentityRecordDecodingTests {
    static let whole =
        #"{"distinctId":"user_1","anonymousId":"vh_anon_0","externalUserId":"user_1","email":"a@example.com","#
        + #""epoch":"e1","sessionId":"s1","groups":{"current":{"team":"t1"},"sent":{}}}"#

    func decoded(_ json: String) throws -> IdentityRecord {
        try JSONCoding.decoder.decode(IdentityRecord.self, from: Data(json.utf8))
    }

    @Test("a whole record reads back as stored")
    func wholeRecord() throws {
        let record = try decoded(Self.whole)
        #expect(record.distinctId == "user_1")
        #expect(record.epoch == "e1")
        #expect(record.sessionId == "s1")
        #expect(record.groups.current == ["team": "t1"])
        #expect(record.email == "a@example.com")
    }

    @Test(
        "a missing or damaged epoch, session, groups or profile field is made again; the user stays signed in",
        arguments: [
            (#","epoch":"e1""#, ""), (#","sessionId":"s1""#, ""), (#","sessionId":"s1""#, #","sessionId":7"#),
            (#","groups":{"current":{"team":"t1"},"sent":{}}"#, ""),
            (#","groups":{"current":{"team":"t1"},"sent":{}}"#, #","groups":"team""#),
            (#","email":"a@example.com""#, #","email":["a"]"#),
        ])
    func remadeFields(original: String, replacement: String) throws {
        let json = Self.whole.replacingOccurrences(of: original, with: replacement)
        #expect(json != Self.whole)
        let record = try decoded(json)
        #expect(record.distinctId == "user_1")
        #expect(record.anonymousId == "vh_anon_0")
        #expect(record.externalUserId == "user_1")
        #expect(!record.epoch.isEmpty)
        #expect(!record.sessionId.isEmpty)
        #expect(try decoded(json) == record, "every read of the same record gives the same identity")
        if original.contains("email") { #expect(record.email == nil, "a damaged profile field is unknown") }
        if original.contains("groups") { #expect(record.groups == .none, "damaged or missing groups are none") }
        if original.contains("sessionId") { #expect(record.sessionId != "s1") }
    }

    @Test(
        "without a readable distinct or anonymous ID it is not an identity",
        arguments: [#""distinctId":"user_1","#, #""anonymousId":"vh_anon_0","#])
    func whoTheUserIsMustBeReadable(removed: String) {
        #expect(throws: DecodingError.self) {
            try decoded(Self.whole.replacingOccurrences(of: removed, with: ""))
        }
    }
}
