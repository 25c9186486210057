import Foundation
import MobileJoe
import MobileJoeAPI
import SDKRuntime

// The Mobile Joe launch driver: one app launch through the static `Joe` API, for tests of what
// a launch leaves stored for the next. Each argument is one call, made in order; each call
// prints one line. The default folder is wherever `JoeOptions()` puts it in this process's
// environment (`XDG_DATA_HOME`), which the test sets. Requests are refused without a network.
//
//   logout                      try Joe.logout()           → "logout ok <anonymous ID in the default
//                                                            folder's file>" | "logout threw <error>"
//   configure=<folder>[,<id>]   try Joe.configure(...)     → "configure <anonymous ID> <external ID or ->"
//                               with the folder ("default" for the default one) and app user ID

/// Refuses every request: the driver's launches never reach a network.
struct NoNetwork: Transport {
    func send(_ request: HTTPRequest, to baseURL: URL) async throws(TransportError) -> HTTPResponse {
        throw .unreachable("the launch driver sends nothing")
    }
}

func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

for call in CommandLine.arguments.dropFirst() {
    if call == "logout" {
        do throws(MobileJoeError) {
            try Joe.logout()
            let file = JoeOptions().storageDirectory.appendingPathComponent(MobileJoeConstants.identityFileName)
            let stored = (try? Data(contentsOf: file)).flatMap {
                try? JSONDecoder().decode(IdentityFile.self, from: $0)
            }
            line("logout ok \(stored?.anonymousId ?? "-")")
        } catch {
            line("logout threw \(error)")
        }
    } else if call.hasPrefix("configure=") {
        let parts = call.dropFirst("configure=".count).split(separator: ",", maxSplits: 1).map(String.init)
        var options = JoeOptions(transport: NoNetwork(), onDiagnostic: { line("diagnostic \($0)") })
        if let folder = parts.first, folder != "default" {
            options.storageDirectory = URL(fileURLWithPath: folder)
        }
        do throws(MobileJoeError) {
            let instance = try Joe.configure(
                withAPIKey: "mj_test_driver", appUserID: parts.count > 1 ? parts[1] : nil, options: options)
            let identity = instance.identity
            line("configure \(identity?.anonymousId ?? "-") \(identity?.externalId ?? "-")")
        } catch {
            line("configure threw \(error)")
        }
    } else {
        FileHandle.standardError.write(Data("mobilejoe-launch-driver: unknown call \(call)\n".utf8))
        exit(2)
    }
}
