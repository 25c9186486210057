/// The JSON form of faults, as `/_admin/faults` reads and writes them:
///
/// ```json
/// {"route": "getPerson", "fault": {"kind": "status", "status": 503, "code": "UNAVAILABLE",
///  "retryAfter": "2"}, "times": 2}
/// {"fault": {"kind": "delay", "milliseconds": 50}, "fraction": 0.25, "seed": 7}
/// ```
/// Without `times` or `fraction`, a rule applies until cleared; without `route`, to every route.
extension Fault: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, milliseconds, status, code, retryAfter
    }

    /// Decodes a fault from its `kind` and that kind's fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "delay":
            self = .delay(.milliseconds(try container.decode(Int64.self, forKey: .milliseconds)))
        case "hold": self = .hold
        case "dropConnection": self = .dropConnection
        case "dropAfterHeaders": self = .dropAfterHeaders
        case "status":
            self = .status(
                try container.decode(Int.self, forKey: .status),
                code: try container.decodeIfPresent(String.self, forKey: .code),
                retryAfter: try container.decodeIfPresent(String.self, forKey: .retryAfter))
        case "malformedBody": self = .malformedBody
        case "rejectKey": self = .rejectKey
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown fault kind \(kind)")
        }
    }

    /// Encodes the fault's `kind` and fields (a delay in whole milliseconds).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .delay(let duration):
            let (seconds, attoseconds) = duration.components
            try container.encode(
                seconds &* 1000 &+ attoseconds / 1_000_000_000_000_000, forKey: .milliseconds)
        case .status(let status, let code, let retryAfter):
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(code, forKey: .code)
            try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
        case .hold, .dropConnection, .dropAfterHeaders, .malformedBody, .rejectKey:
            break
        }
    }
}

extension FaultRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case route, fault, times, fraction, seed
    }

    /// Decodes a rule; `times` gives `.next`, `fraction` (with an optional `seed`, default 0)
    /// gives `.failFraction`, neither gives `.untilCleared`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        route = try container.decodeIfPresent(String.self, forKey: .route)
        fault = try container.decode(Fault.self, forKey: .fault)
        if let times = try container.decodeIfPresent(Int.self, forKey: .times) {
            scope = .next(times)
        } else if let fraction = try container.decodeIfPresent(Double.self, forKey: .fraction) {
            scope = .failFraction(
                fraction, seed: try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0)
        } else {
            scope = .untilCleared
        }
    }

    /// Encodes the rule in the same shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(route, forKey: .route)
        try container.encode(fault, forKey: .fault)
        switch scope {
        case .next(let count): try container.encode(count, forKey: .times)
        case .untilCleared: break
        case .failFraction(let fraction, let seed):
            try container.encode(fraction, forKey: .fraction)
            try container.encode(seed, forKey: .seed)
        }
    }
}
