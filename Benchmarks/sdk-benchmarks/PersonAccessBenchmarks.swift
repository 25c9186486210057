import Foundation
import SDKRuntime
import VoidhashAPI

/// Access checks on the person snapshot.
///
/// The Voidhash SDK (`VoidhashPerson.hasActivePerk`, `Voidhash.getCurrentPerson`) is not part of
/// this branch yet, so these measure what those calls stand on: the generated `Person` held in
/// memory, and the cached snapshot read back from the SDK's storage.
enum PersonAccessBenchmarks {
    private static let group = "hot paths"
    private static let note =
        "stand-in: the Voidhash SDK is not merged here; measures the generated Person it wraps"

    /// Measures the access figures.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        let person = try Fixtures.person()
        let slugs = ["premium", "pro", "beta", "premium", "teams", "premium", "gold", "ads_free"]
        let check = context.sampler.nanosecondsPerCall { iterations in
            var granted = 0
            for index in 0..<iterations where person.activePerkSlugs.contains(slugs[index & 7]) {
                granted += 1
            }
            blackHole(granted)
        }
        let directory = context.scratch.appendingPathComponent("person-cache")
        let storage = try SDKStorage.open(directory: directory, name: "person")
        defer { storage.close() }
        try storage.keyValues.set(person, forKey: "person")
        let read = context.sampler.nanosecondsPerCall { iterations in
            var perks = 0
            for _ in 0..<iterations {
                perks +=
                    (try? storage.keyValues.value(Person.self, forKey: "person"))?.activePerkSlugs
                    .count ?? 0
            }
            blackHole(perks)
        }
        return [
            Figure(
                group: group, name: "hasActivePerk: Person.activePerkSlugs.contains", unit: .nanoseconds,
                values: check, target: .under(50), note: note),
            Figure(
                group: group, name: "getCurrentPerson: cached Person read from storage",
                unit: .microseconds, values: read.map { $0 / 1_000 }, note: note),
        ]
    }
}
