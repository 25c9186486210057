import Foundation
import MobileJoeAPI
import SDKRuntime

/// What every request of a configured instance is sent with: the configuration's key and debug
/// mode, the app and device info, and the languages read at the first request.
struct RequestContext: Sendable {
    let apiKey: String
    let debugMode: Bool
    let appInfo: JoeAppInfo
    let deviceInfo: JoeDeviceInfo
    let languages: LanguagesOnce
    let baseURL: URL
    let transport: any Transport
    let clock: any SDKClock

    /// The headers of a request made for `identity`, built by the generated
    /// `MobileJoeRequestHeaders` (the external ID only when set, at most
    /// `MobileJoeConstants.maxPreferredLanguages` languages).
    func headers(for identity: IdentityFile) async -> MobileJoeRequestHeaders {
        MobileJoeRequestHeaders(
            apiKey: apiKey,
            anonymousId: identity.anonymousId,
            deviceId: identity.deviceId,
            externalId: identity.externalId,
            frameworkVersion: Joe.frameworkVersion,
            appVersion: appInfo.version,
            appBuildVersion: appInfo.build,
            osName: deviceInfo.osName,
            osVersion: deviceInfo.osVersion,
            deviceModel: deviceInfo.deviceModel,
            preferredLanguages: await languages.languages(),
            debugMode: debugMode)
    }

    /// A generated client whose every request carries the headers of `identity`: a response is
    /// always tied to the identity that sent the request.
    func client(for identity: IdentityFile) -> MobileJoeClient {
        MobileJoeClient(
            core: APIClient(
                baseURL: baseURL, transport: transport, clock: clock,
                headers: { await headers(for: identity).fields }))
    }
}
