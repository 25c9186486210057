import Foundation
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing

@Suite("Router", .timeLimit(.minutes(3)))
struct RouterTests {
    private func body(_ response: EmulatorResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    private func named(_ name: String) -> RouteHandler {
        { _, parameters in
            .text(
                name + ":"
                    + parameters.values.sorted { $0.key < $1.key }.map(\.value).joined(separator: ","))
        }
    }

    @Test func extractsPercentDecodedParameters() async throws {
        var router = Router()
        try router.add("GET", "/v1/groups/{type}/{key}", handler: named("group"))
        let response = await router.respond(
            to: EmulatorRequest(method: "GET", path: "/v1/groups/company/ac%20me%2Fx"))
        #expect(response.status == 200)
        #expect(body(response) == "group:ac me/x,company")
    }

    @Test func literalSegmentBeatsPlaceholderWhateverTheOrder() async throws {
        for placeholderFirst in [true, false] {
            var router = Router()
            let routes = [("/v1/people/{distinctId}", "byID"), ("/v1/people/me", "me")]
            for (template, name) in placeholderFirst ? routes : routes.reversed() {
                try router.add("GET", template, handler: named(name))
            }
            #expect(
                body(await router.respond(to: EmulatorRequest(method: "GET", path: "/v1/people/me"))) == "me:",
                "placeholder added first: \(placeholderFirst)")
            #expect(
                body(await router.respond(to: EmulatorRequest(method: "GET", path: "/v1/people/42")))
                    == "byID:42")
        }
    }

    @Test func unknownPathIs404WithErrorBody() async throws {
        let router = try sampleRouter()
        let response = await router.respond(to: EmulatorRequest(method: "GET", path: "/v2/nothing"))
        #expect(response.status == 404)
        let error = try JSONDecoder().decode(EmulatorErrorBody.self, from: response.body)
        #expect(error.error.code == "NOT_FOUND")
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        let router = try sampleRouter()
        let response = await router.respond(to: EmulatorRequest(method: "DELETE", path: "/v1/people/x"))
        #expect(response.status == 405)
        #expect(response.headers[field: "Allow"] == "GET, HEAD")
        #expect(
            try JSONDecoder().decode(EmulatorErrorBody.self, from: response.body).error.code
                == "METHOD_NOT_ALLOWED")
    }

    @Test func headFallsBackToGet() async throws {
        let router = try sampleRouter()
        guard case .matched(let route, _) = router.resolve(method: "HEAD", path: "/v1/ping") else {
            Issue.record("HEAD did not match the GET route")
            return
        }
        #expect(route.name == "ping")
    }

    @Test func emptySegmentsAndTrailingSlashesDoNotMatchPlaceholders() throws {
        let router = try sampleRouter()
        for path in ["/v1/people/", "/v1/people", "/v1/people/a/", "/v1/people//", "/"] {
            guard case .notFound = router.resolve(method: "GET", path: path) else {
                Issue.record("\(path) should not match")
                continue
            }
        }
    }

    @Test func invalidPercentEncodingIsNotFound() throws {
        guard case .notFound = try sampleRouter().resolve(method: "GET", path: "/v1/people/%zz") else {
            Issue.record("should be notFound")
            return
        }
    }

    @Test func rootTemplateMatchesOnlyRoot() async throws {
        var router = Router()
        try router.add("GET", "/", handler: named("root"))
        #expect(body(await router.respond(to: EmulatorRequest(method: "GET", path: "/"))) == "root:")
        #expect(await router.respond(to: EmulatorRequest(method: "GET", path: "/x")).status == 404)
    }

    /// A placeholder's name is whatever a spec names its path parameter (`edge-name`, `edge.name`).
    @Test func placeholderNamesMayHoldAnyCharacterButBraces() async throws {
        var router = Router()
        try router.add("GET", "/v1/edges/{edge-name}/{v.2}", handler: named("edge"))
        let response = await router.respond(to: EmulatorRequest(method: "GET", path: "/v1/edges/a/b"))
        #expect(response.status == 200)
        #expect(body(response) == "edge:a,b")
    }

    @Test func defaultRouteNameIsMethodAndTemplate() throws {
        var router = Router()
        try router.add("PUT", "/v1/things/{id}", handler: named("x"))
        #expect(router.routes.map(\.name) == ["PUT /v1/things/{id}"])
    }

    @Test(arguments: [
        ("v1/x", "must start with /"), ("/v1/{a", "whole segment"), ("/v1/x{a}", "whole segment"),
        ("/v1/{a}/{a}", "appears twice"), ("/v1/{{a}}", "whole segment"),
        ("/_admin/things", "reserved"),
    ])
    func invalidTemplatesAreRefused(template: String, reason: String) {
        #expect {
            var router = Router()
            try router.add("GET", template) { _, _ in .empty() }
        } throws: { error in
            guard case .invalidTemplate(_, let message) = error as? RouterError else { return false }
            return message.contains(reason)
        }
    }

    @Test func duplicatesAreRefused() throws {
        var router = Router()
        try router.add("GET", "/v1/people/{a}", name: "one", handler: named("x"))
        #expect(throws: RouterError.duplicateRoute(method: "GET", template: "/v1/people/{b}")) {
            try router.add("GET", "/v1/people/{b}", name: "two", handler: named("x"))
        }
        #expect(throws: RouterError.duplicateName("one")) {
            try router.add("POST", "/v1/other", name: "one", handler: named("x"))
        }
        #expect(throws: RouterError.invalidMethod("G T")) {
            try router.add("G T", "/v1/other", handler: named("x"))
        }
        try router.add("POST", "/v1/people/{a}", name: "three", handler: named("x"))
        #expect(router.routes.count == 2)
    }

    @Test func mergeCombinesRoutersAndRefusesClashes() throws {
        var voidhash = Router()
        try voidhash.add("GET", "/v1/people/{id}", name: "vh.getPerson", handler: named("vh"))
        var mobileJoe = Router()
        try mobileJoe.add("POST", "/mj/identify", name: "mj.identify", handler: named("mj"))
        var combined = Router()
        try combined.merge(voidhash)
        try combined.merge(mobileJoe)
        #expect(combined.routes.map(\.name) == ["vh.getPerson", "mj.identify"])
        #expect(throws: RouterError.self) { try combined.merge(voidhash) }
    }
}
