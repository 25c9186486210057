import Foundation
import MobileJoeAPI
import SDKEmulator
import SDKRuntime
import TestSupport
import Testing
import VoidhashAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /_admin/`, fault rules checked against the routes, one spelling of route names, the
/// status in the request log, the Mobile Joe admin routes and the dashboard's files.
@Suite("Admin index, route names and dashboard files", .timeLimit(.minutes(3)))
struct AdminIndexTests {
    private struct Index: Decodable {
        struct AdminRoute: Decodable, Equatable {
            var method: String
            var path: String
            var summary: String?
        }
        struct APIRoute: Decodable, Equatable {
            var name: String
            var method: String
            var path: String
        }
        var admin: [AdminRoute]
        var routes: [APIRoute]
    }

    private struct RequestList: Decodable { var requests: [RecordedRequest] }

    @Test(arguments: ["/_admin/", "/_admin"])
    func theIndexListsEveryAdminRouteAndEveryAPIRoute(path: String) async throws {
        try await withServer { _, url throws in
            let (status, body, _) = try await fetch(url, path)
            #expect(status == 200)
            let index = try JSONDecoder().decode(Index.self, from: body)
            #expect(index.routes.map(\.name) == ["getPerson", "echo", "ping"])
            #expect(
                index.routes.first == Index.APIRoute(name: "getPerson", method: "GET", path: "/v1/people/{distinctId}"))
            let listed = Set(index.admin.map { "\($0.method) \($0.path)" })
            for route in [
                "GET /_admin/", "POST /_admin/reset", "GET /_admin/requests", "DELETE /_admin/requests",
                "GET /_admin/faults", "POST /_admin/faults", "DELETE /_admin/faults", "GET /_admin/held",
                "POST /_admin/release", "GET /_admin/ui",
            ] {
                #expect(listed.contains(route), "\(route) is listed")
            }
            #expect(index.admin.allSatisfy { $0.summary?.isEmpty == false })
            #expect(try await fetch(url, path, method: "POST").status == 405)
        }
    }

    @Test func everyListedBuiltInRouteAnswersWithoutA404() async throws {
        try await withServer { _, url throws in
            let index = try JSONDecoder().decode(Index.self, from: try await fetch(url, "/_admin/").body)
            for route in index.admin where !route.path.contains("{") {
                let status = try await fetch(url, route.path, method: route.method).status
                #expect(status != 404 && status != 405, "\(route.method) \(route.path) answers (\(status))")
            }
        }
    }

    @Test func theAPIsOwnAdminRoutesAreListedToo() async throws {
        let server = VoidhashEmulator.makeServer()
        let url = try await server.start()
        let index = try await #require(try? JSONDecoder().decode(Index.self, from: fetch(url, "/_admin/").body))
        await server.stop()
        #expect(index.admin.contains(Index.AdminRoute(method: "GET", path: "/_admin/voidhash/people", summary: nil)))
        #expect(index.routes.map(\.name) == VoidhashOperation.allCases.map { String(describing: $0) })
    }

    @Test(arguments: ["getPersn", "MobileJoe.listFeaturePlans", ""])
    func aFaultForARouteThatDoesNotExistIsRefusedNamingTheRoutes(route: String) async throws {
        try await withServer { server, url throws in
            let (status, body, _) = try await fetch(
                url, "/_admin/faults", method: "POST",
                body: Data(#"{"route": "\#(route)", "fault": {"kind": "hold"}}"#.utf8))
            #expect(status == 400)
            let error = try JSONDecoder().decode(EmulatorErrorBody.self, from: body).error
            #expect(error.code == "INVALID_ARGUMENT")
            #expect(error.message.contains("no route '\(route)'"))
            #expect(error.message.contains("getPerson, echo, ping"))
            #expect(server.faults.isEmpty, "nothing was added")
        }
    }

    @Test func routeNamesAreTheOperationNamesForBothAPIs() throws {
        for operation in VoidhashOperation.allCases {
            #expect(VoidhashEmulator.routeName(for: operation) == String(describing: operation))
        }
        for operation in MobileJoeOperation.allCases {
            #expect(MobileJoeEmulator.routeName(for: operation) == String(describing: operation))
        }
        #expect(VoidhashEmulator.routeName(for: .getPerson) == "getPerson")
        #expect(MobileJoeEmulator.routeName(for: .listFeaturePlans) == "listFeaturePlans")
    }

    @Test func theLogRecordsTheStatusAndListsOnlyNewerEntriesOnRequest() async throws {
        try await withServer { server, url throws in
            _ = try await fetch(url, "/v1/ping")
            server.inject(.status(503, code: "UNAVAILABLE"), route: "ping", scope: .next(1))
            _ = try await fetch(url, "/v1/ping")
            _ = try await fetch(url, "/v1/nowhere")
            #expect(server.requests().map(\.status) == [200, 503, 404])
            let first = try #require(server.requests().first?.sequence)
            let newer = try JSONDecoder().decode(
                RequestList.self, from: try await fetch(url, "/_admin/requests?after=\(first)").body)
            #expect(newer.requests.map(\.status) == [503, 404])
        }
    }

    @Test func aDroppedConnectionLeavesTheStatusOut() async throws {
        try await withServer { server, url throws in
            server.inject(.dropConnection, route: "ping", scope: .next(1))
            _ = try? await fetch(url, "/v1/ping")
            #expect(server.requests().first?.status == nil)
            #expect(server.requests().first?.fault == .dropConnection)
        }
    }

    @Test func theMobileJoeAdminRoutesListIdentitiesAndVotes() async throws {
        let server = try MobileJoeEmulator.makeServer(state: .withSampleContent())
        let url = try await server.start()
        let external = "$MBJExternalID:" + String(repeating: "a", count: 32)
        var headers = [
            "Authorization": "mj_public_test", "Identity-Anonymous-ID": AnonymousId.make(),
            "Identity-Device-ID": DeviceId.make(), "Idempotency-Key": "k1",
        ]
        let voted = try await fetch(url, "/v1/feature-plans/dark-mode/votes", method: "POST", headers: headers)
        headers["Identity-External-ID"] = external
        headers["Idempotency-Key"] = "k2"
        let identified = try await fetch(url, "/v1/identify", method: "POST", body: Data("{}".utf8), headers: headers)
        let identities = try JSONSerialization.jsonObject(
            with: try await fetch(url, "/_admin/mobilejoe/identities").body)
        let votes = try JSONSerialization.jsonObject(with: try await fetch(url, "/_admin/mobilejoe/votes").body)
        await server.stop()
        #expect(voted.status == 200 && identified.status == 200)
        let identity = try #require(((identities as? [String: Any])?["identities"] as? [[String: Any]])?.first)
        #expect(identity["externalId"] as? String == external)
        let plans = try #require((votes as? [String: Any])?["plans"] as? [[String: Any]])
        let darkMode = try #require(plans.first { $0["id"] as? String == "dark-mode" })
        #expect(darkMode["voters"] as? [String] == [external], "the anonymous vote moved to the account")
        #expect(darkMode["votes"] as? Int == 12)
    }

    @Test(arguments: [
        ("/_admin/ui", "text/html"), ("/_admin/ui/dashboard.js", "text/javascript"),
        ("/_admin/ui/dashboard.css", "text/css"),
    ])
    func theDashboardsFilesAreServedFromTheResources(path: String, type: String) async throws {
        try await withServer { server, url throws in
            let (status, body, response) = try await fetch(url, path)
            #expect(status == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix(type) == true)
            // Another site's page may not frame it and click for the user.
            #expect(response.value(forHTTPHeaderField: "X-Frame-Options") == "DENY")
            #expect(response.value(forHTTPHeaderField: "Content-Security-Policy") == "frame-ancestors 'none'")
            #expect(!body.isEmpty)
            #expect(server.requests().isEmpty, "the dashboard is not logged")
        }
    }

    @Test func theDashboardLoadsNothingFromOutside() async throws {
        try await withServer { _, url throws in
            for path in ["/_admin/ui", "/_admin/ui/dashboard.js", "/_admin/ui/dashboard.css"] {
                let text = String(decoding: try await fetch(url, path).body, as: UTF8.self)
                #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"), "\(path)")
            }
            #expect(try await fetch(url, "/_admin/ui/passwd").status == 404)
            #expect(try await fetch(url, "/_admin/ui/..%2F..%2FPackage.swift").status == 404)
        }
    }
}

/// The admin API and the dashboard answer only requests addressed to, and pages served from,
/// a loopback host.
@Suite("Admin API: other sites are refused", .timeLimit(.minutes(3)))
struct AdminRequestGuardTests {
    /// The status line of a raw `method path` request with `headers`.
    private func statusLine(_ method: String, _ path: String, headers: [String], port: UInt16) async throws -> String {
        let text =
            (["\(method) \(path) HTTP/1.1"] + headers + ["Connection: close", "Content-Length: 0"])
            .joined(separator: "\r\n") + "\r\n\r\n"
        let answer = try await exchange(text, port: port)
        return answer.components(separatedBy: "\r\n").first ?? ""
    }

    @Test(arguments: [
        ["Host: evil.example"], ["Host: 127.0.0.1.evil.example:80"], ["Host: 10.0.0.1"],
        ["Host: 127.0.0.1", "Origin: http://evil.example"], ["Host: 127.0.0.1", "Origin: null"],
        ["Host: localhost", "Origin: http://localhost.evil.example:8080"],
    ])
    func aRequestFromAnotherSiteIsForbiddenAndChangesNothing(headers: [String]) async throws {
        try await withServer { server, url throws in
            let status = try await statusLine("POST", "/_admin/reset", headers: headers, port: url.serverPort)
            #expect(status == "HTTP/1.1 403 Forbidden")
            server.inject(.hold, route: "ping")
            let dashboard = try await statusLine("GET", "/_admin/ui", headers: headers, port: url.serverPort)
            #expect(dashboard == "HTTP/1.1 403 Forbidden")
            #expect(server.faults.count == 1, "nothing was reset")
        }
    }

    @Test(arguments: [
        ["Host: 127.0.0.1"], ["Host: 127.0.0.1:8080", "Origin: http://127.0.0.1:8080"],
        ["Host: localhost:8080", "Origin: http://localhost:8080"], ["Host: 127.1.2.3"], ["Host: [::1]:80"],
    ])
    func aLoopbackRequestIsAnswered(headers: [String]) async throws {
        try await withServer { _, url throws in
            let status = try await statusLine("GET", "/_admin/faults", headers: headers, port: url.serverPort)
            #expect(status == "HTTP/1.1 200 OK")
        }
    }
}
