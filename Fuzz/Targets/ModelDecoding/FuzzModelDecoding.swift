import Foundation
import SDKRuntime

/// libFuzzer's entry point: the first byte of an input picks a model of the generated APIs
/// (modulo the number of models, in the order of `modelTable`), the rest is the JSON to decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, !modelTable.isEmpty else { return 0 }
    let model = modelTable[Int(data[0]) % modelTable.count]
    model.check(Data(UnsafeBufferPointer(start: data + 1, count: size - 1)))
    return 0
}

/// One model type and the checks run on it.
struct ModelCheck: Sendable {
    /// The model's qualified name, such as `VoidhashAPI.Person`.
    let name: String
    /// Decodes the bytes as the model and checks what a decoded value must satisfy.
    let check: @Sendable (Data) -> Void

    init<Model: Codable & Hashable & Sendable>(_ name: String, _ type: Model.Type) {
        self.name = name
        check = { data in ModelCheck.roundTrip(Model.self, name: name, data) }
    }

    /// Whatever decodes must also encode, decode again, and encode to the same bytes: a value the
    /// SDK accepted from a server must survive its own cache.
    static func roundTrip<Model: Codable & Hashable>(_ type: Model.Type, name: String, _ data: Data) {
        let decoder = JSONCoding.makeDecoder()
        let encoder = JSONCoding.makeEncoder()
        guard let decoded = try? decoder.decode(Model.self, from: data) else { return }
        let encoded: Data
        do {
            encoded = try encoder.encode(decoded)
        } catch {
            fuzzFailure("\(name) decoded but does not encode: \(error)")
        }
        let again: Model
        do {
            again = try decoder.decode(Model.self, from: encoded)
        } catch {
            fuzzFailure(
                "\(name) does not decode its own encoding \(String(decoding: encoded, as: UTF8.self)): \(error)")
        }
        guard let reencoded = try? encoder.encode(again), reencoded == encoded else {
            fuzzFailure("\(name) encodes differently after a round trip: \(String(decoding: encoded, as: UTF8.self))")
        }
    }
}
