import Foundation
import MobileJoeAPI
import SDKRuntime
import VoidhashAPI

/// The SDK calls an app makes often: access checks, validators, request headers, and the
/// person snapshot's JSON coding. Each figure is nanoseconds (or microseconds) per call, over
/// inputs that rotate so that the optimizer cannot hoist a call out of its loop.
enum HotPathBenchmarks {
    private static let group = "hot paths"

    /// Measures every hot-path figure.
    static func run(_ context: BenchmarkContext) async throws -> [Figure] {
        context.log("hot paths")
        let sampler = context.sampler
        var figures = try await PersonAccessBenchmarks.run(context)
        figures.append(
            Figure(
                group: group, name: "ExternalUserIdRule.validate, 36-character ID", unit: .nanoseconds,
                values: validator(sampler, Fixtures.externalUserIds) { ExternalUserIdRule.validate($0) },
                target: .under(100)))
        figures.append(
            Figure(
                group: group, name: "GroupTypeRule.validate", unit: .nanoseconds,
                values: validator(sampler, Fixtures.groupTypes) { GroupTypeRule.validate($0) }))
        figures.append(
            Figure(
                group: group, name: "GroupKeyRule.validate", unit: .nanoseconds,
                values: validator(sampler, Fixtures.groupKeys) { GroupKeyRule.validate($0) }))
        figures.append(
            Figure(
                group: group, name: "MobileJoeRequestHeaders(...).fields", unit: .nanoseconds,
                values: headers(sampler)))
        figures += try coding(sampler)
        return figures
    }

    /// Nanoseconds per call of `validate` over `inputs` (eight of them), counting failures.
    private static func validator<Violation>(
        _ sampler: Sampler, _ inputs: [String], _ validate: (String) -> Violation?
    ) -> [Double] {
        sampler.nanosecondsPerCall { iterations in
            var failures = 0
            for index in 0..<iterations where validate(inputs[index & 7]) != nil { failures += 1 }
            blackHole(failures)
        }
    }

    /// Nanoseconds per header list built from a full set of inputs.
    private static func headers(_ sampler: Sampler) -> [Double] {
        let anonymousIds = (0..<8).map { "$MBJAnonymousID:0b6f9d2e4c1a4c449a571f0e2b3c4d5\($0)" }
        return sampler.nanosecondsPerCall { iterations in
            var count = 0
            for index in 0..<iterations {
                let headers = MobileJoeRequestHeaders(
                    apiKey: "mj_public_abc", anonymousId: anonymousIds[index & 7],
                    deviceId: "$MBJDeviceID:00000000000040008000000000000000",
                    externalId: "$MBJExternalID:ba7816bf8f01cfea414140de5dae2223",
                    frameworkVersion: "1.0.0", appVersion: "2.3", appBuildVersion: "45", osName: "iOS",
                    osVersion: "18.2.0", deviceModel: "iPhone16,2",
                    preferredLanguages: ["en-US", "cs-CZ", "de-DE", "fr-FR"], debugMode: false)
                count += headers.fields.count
            }
            blackHole(count)
        }
    }

    /// Microseconds per encoding and per decoding with `JSONCoding` of the full person snapshot,
    /// and of an analytics event as the queue stores it and delivery reads it back.
    private static func coding(_ sampler: Sampler) throws -> [Figure] {
        let encoder = JSONCoding.makeEncoder()
        let person = try Fixtures.person()
        let event = try JSONCoding.makeDecoder().decode(
            Event.self, from: try Fixtures.eventPayload(7, encoder: encoder))
        return try coding(sampler, person, name: "Person", encoder: encoder) { $0.activePerkSlugs.count }
            + equality(sampler, person, name: "Person", encoder: encoder)
            + coding(sampler, event, name: "Event, 3 properties", encoder: encoder) { $0.properties.count }
    }

    /// Nanoseconds per `==` of `value` and an equal copy decoded apart from it (so that no
    /// member's storage is shared and every member is compared), and per `hashValue`.
    private static func equality<Value: Codable & Hashable>(
        _ sampler: Sampler, _ value: Value, name: String, encoder: JSONEncoder
    ) throws -> [Figure] {
        let copy = try JSONCoding.makeDecoder().decode(Value.self, from: try encoder.encode(value))
        precondition(copy == value, "\(name) does not equal its decoded copy")
        let pair = [value, copy]
        let comparing = sampler.nanosecondsPerCall { iterations in
            var equal = 0
            for index in 0..<iterations where pair[index & 1] == pair[(index + 1) & 1] { equal += 1 }
            blackHole(equal)
        }
        let hashing = sampler.nanosecondsPerCall { iterations in
            var total = 0
            for index in 0..<iterations { total &+= pair[index & 1].hashValue }
            blackHole(total)
        }
        return [
            Figure(group: group, name: "\(name) == an equal copy", unit: .nanoseconds, values: comparing),
            Figure(group: group, name: "\(name) hashValue", unit: .nanoseconds, values: hashing),
        ]
    }

    /// Microseconds per encoding and per decoding of `value`; `count` reads something of each
    /// decoded value, so that decoding cannot be left out.
    private static func coding<Value: Codable>(
        _ sampler: Sampler, _ value: Value, name: String, encoder: JSONEncoder, count: (Value) -> Int
    ) throws -> [Figure] {
        let decoder = JSONCoding.makeDecoder()
        let data = try encoder.encode(value)
        let encoding = sampler.nanosecondsPerCall { iterations in
            var bytes = 0
            for _ in 0..<iterations { bytes += (try? encoder.encode(value))?.count ?? 0 }
            blackHole(bytes)
        }
        let decoding = sampler.nanosecondsPerCall { iterations in
            var total = 0
            for _ in 0..<iterations {
                total += (try? decoder.decode(Value.self, from: data)).map(count) ?? 0
            }
            blackHole(total)
        }
        return [
            Figure(
                group: group, name: "\(name) encode (JSONCoding, \(data.count) bytes)",
                unit: .microseconds, values: encoding.map { $0 / 1_000 }),
            Figure(
                group: group, name: "\(name) decode (JSONCoding)", unit: .microseconds,
                values: decoding.map { $0 / 1_000 }),
        ]
    }
}
