import Foundation
import SDKRuntime
import Testing
import Voidhash
import VoidhashAPI

/// The person as a value: copies share one snapshot, and two people are equal when Voidhash
/// described them alike, however they were made.
@Suite("The person as a value", .timeLimit(.minutes(3)))
struct VoidhashPersonTests {
    private static func person(_ distinctId: String, perks: [String]) throws -> Person {
        let slugs = perks.map { "\"\($0)\"" }.joined(separator: ",")
        let json = """
            {"distinctId":"\(distinctId)","attributes":{"plan":"team"},"activePerkSlugs":[\(slugs)],
             "entitlements":{"grants":[]},"subscriptions":{"history":[]},"purchases":{"history":[]}}
            """
        return try JSONCoding.makeDecoder().decode(Person.self, from: Data(json.utf8))
    }

    @Test func twoPeopleMadeApartFromTheSameSnapshotAreEqualAndHashAlike() throws {
        let first = VoidhashPerson(try Self.person("user_1", perks: ["premium"]))
        let second = VoidhashPerson(try Self.person("user_1", perks: ["premium"]))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test func peopleDescribedDifferentlyAreNotEqual() throws {
        let premium = VoidhashPerson(try Self.person("user_1", perks: ["premium"]))
        #expect(premium != VoidhashPerson(try Self.person("user_1", perks: [])))
        #expect(premium != VoidhashPerson(try Self.person("user_2", perks: ["premium"])))
    }

    @Test func aCopyAnswersAsTheOriginal() throws {
        let original = VoidhashPerson(try Self.person("user_1", perks: ["premium", "export"]))
        let copy = original
        #expect(copy == original)
        #expect(copy.person == original.person)
        #expect(copy.hasActivePerk("export"))
        #expect(!copy.hasActivePerk("admin"))
        #expect(copy.attributes == ["plan": .string("team")])
    }

    @Test func printingAPersonShowsItsSnapshot() throws {
        let person = VoidhashPerson(try Self.person("user_1", perks: ["premium"]))
        var printed = ""
        dump(person, to: &printed)
        #expect(printed.contains("user_1"))
        #expect(printed.contains("premium"))
        #expect(!printed.contains("Storage"))
    }
}
