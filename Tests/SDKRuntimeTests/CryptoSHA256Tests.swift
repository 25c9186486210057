import Foundation
import SDKHashing
import SDKRuntime
import Testing

@Suite("SHA256Hash", .timeLimit(.minutes(3)))
struct CryptoSHA256Tests {
    @Test(
        "FIPS 180-4 examples",
        arguments: [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func examples(message: String, digest: String) {
        #expect(SHA256Hash.hex(of: Data(message.utf8)) == digest)
    }

    @Test("one million 'a'")
    func millionA() {
        let message = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256Hash.hex(of: message)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("the raw digest is 32 bytes and matches the hex form")
    func rawBytes() {
        let bytes = SHA256Hash.bytes(of: Data("abc".utf8))
        #expect(bytes.count == 32)
        #expect(bytes.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
    }
}
