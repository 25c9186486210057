import Foundation
import Voidhash

/// Access checks through the Voidhash SDK: the person is fetched from the emulator once, then
/// `hasActivePerk` runs on the cached `VoidhashPerson` and `getCurrentPerson()` on the fresh
/// cache (no request); and `getDistinctId()`, the read apps make most.
enum PersonAccessBenchmarks {
    private static let group = "hot paths"

    /// Measures the access figures.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        try await VoidhashFixture.with(context, name: "voidhash-access") { fixture in
            let voidhash = fixture.voidhash
            guard let person = try await voidhash.getCurrentPerson(forceFetch: true),
                person.hasActivePerk("premium")
            else { throw ChildProcess.Failure(description: "the emulator's person has no premium perk") }
            let slugs = ["premium", "pro", "beta", "premium", "teams", "premium", "gold", "ads_free"]
            let check = context.sampler.nanosecondsPerCall { iterations in
                var granted = 0
                for index in 0..<iterations where person.hasActivePerk(slugs[index & 7]) { granted += 1 }
                blackHole(granted)
            }
            let read = await context.sampler.nanosecondsPerCall { iterations in
                var perks = 0
                for _ in 0..<iterations {
                    perks += (try? await voidhash.getCurrentPerson())?.activePerkSlugs.count ?? 0
                }
                blackHole(perks)
            }
            let distinctId = await context.sampler.nanosecondsPerCall { iterations in
                var length = 0
                for _ in 0..<iterations { length &+= await voidhash.getDistinctId().utf8.count }
                blackHole(length)
            }
            return [
                Figure(
                    group: group, name: "VoidhashPerson.hasActivePerk (cached person)", unit: .nanoseconds,
                    values: check, target: .under(50)),
                Figure(
                    group: group, name: "Voidhash.getCurrentPerson() (fresh cache)", unit: .microseconds,
                    values: read.map { $0 / 1_000 }),
                Figure(
                    group: group, name: "Voidhash.getDistinctId()", unit: .microseconds,
                    values: distinctId.map { $0 / 1_000 }),
            ]
        }
    }
}
