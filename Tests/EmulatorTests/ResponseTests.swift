import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

@Suite("Request and response helpers", .timeLimit(.minutes(3)))
struct ResponseTests {
    private struct Person: Codable, Equatable {
        var name: String
        var seats: Double
    }

    @Test func jsonTextEmptyAndErrorHelpers() throws {
        let json = EmulatorResponse.json(Person(name: "Ada", seats: 3), status: 201)
        #expect(json.status == 201)
        #expect(json.headers[field: "content-type"] == "application/json")
        #expect(String(decoding: json.body, as: UTF8.self) == #"{"name":"Ada","seats":3}"#)

        let text = EmulatorResponse.text("hi", status: 202)
        #expect(text.status == 202 && text.body == Data("hi".utf8))
        #expect(text.headers[field: "Content-Type"] == "text/plain; charset=utf-8")

        #expect(EmulatorResponse.empty() == EmulatorResponse(status: 204))

        let error = EmulatorResponse.error(status: 422, code: "INVALID_ARGUMENT", message: "bad seats")
        #expect(
            String(decoding: error.body, as: UTF8.self)
                == #"{"error":{"code":"INVALID_ARGUMENT","message":"bad seats"}}"#)
        #expect(
            error.adding(header: "X-Extra", value: "1").headers.map(\.name) == [
                "Content-Type", "X-Extra",
            ])
    }

    @Test func unencodableJSONBecomes500() throws {
        let response = EmulatorResponse.json(["value": Double.infinity])
        #expect(response.status == 500)
        #expect(
            try JSONDecoder().decode(EmulatorErrorBody.self, from: response.body).error.code == "INTERNAL"
        )
    }

    @Test func requestHelpers() throws {
        let request = EmulatorRequest(
            method: "POST", path: "/v1/people/a%20b/",
            query: [HTTPField(name: "q", value: "1"), HTTPField(name: "q", value: "2")],
            headers: [HTTPField(name: "X-Key", value: "k")], body: Data(#"{"name":"Ada","seats":2}"#.utf8)
        )
        #expect(request.header("x-key") == "k")
        #expect(request.queryValue("q") == "1")
        #expect(request.queryValue("Q") == nil)
        #expect(request.pathSegments == ["v1", "people", "a b", ""])
        #expect(try request.decodeJSON(Person.self) == Person(name: "Ada", seats: 2))
        #expect(EmulatorRequest(method: "GET", path: "/%zz").pathSegments == nil)
        #expect(EmulatorRequest(method: "GET", path: "/").pathSegments == [])
        #expect(EmulatorRequest(method: "GET", path: "/a+b").pathSegments == ["a+b"])
    }

    @Test func statusesOutsideTheValidRangeAreSentAs500() async throws {
        var router = Router()
        try router.add("GET", "/v1/odd") { _, _ in EmulatorResponse(status: 99, body: Data("x".utf8)) }
        try await withServer(router: router) { _, url throws in
            let answer = try await exchange(
                rawRequest("GET", "/v1/odd", close: true), port: url.serverPort)
            #expect(answer.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
            #expect(answer.hasSuffix("\r\n\r\nx"))
        }
    }
}
