// An app's SwiftUI file, type-checked by `.ci/apple-typecheck` against the SDKs and the SwiftUI,
// Combine and CryptoKit stand-ins: every framework name below is written unqualified, as apps
// write them, so a public SDK name equal to one of them fails this file ("ambiguous for type
// lookup"). It is never built into an app.
import Combine
import CryptoKit
import MobileJoe
import MobileJoeAPI
import SwiftUI
import Voidhash

/// A paywall that reads the person's subscription and closes itself.
struct PaywallView: View {
    @Environment(\.dismiss) private var dismiss
    let person: VoidhashPerson?
    let environment: VoidhashEnvironment
    let alerts: [MobileJoeAlert]

    var body: some View {
        Group {
            Text(person?.subscriptions.current?.productId ?? "none")
        }
    }

    /// UIKit's protected-data signals, which SDKPersistence declares only where UIKit exists.
    let protectedData = ProtectedDataNotifications.system

    /// Closes the paywall.
    func close() {
        dismiss()
    }

    /// The framework types an app names beside the SDKs.
    func frameworkNames(digest: SHA256Digest, subscription: any Subscription) -> (Alert, any Subscription) {
        _ = Subscriptions.empty
        _ = SHA256.hash(data: [UInt8]())
        return (Alert(title: Text("Offline")), subscription)
    }
}
