// The generated models (`EntitlementGrant`, `VoidhashSubscription`, `PurchaseEnvironment`, ...) and the
// runtime types the options take (`JSONValue`, `SDKClock`, `Transport`, `DataProtectionGate`,
// `ProtectedDataNotifications`) are part of this SDK's public API, so an app that imports Voidhash
// sees them without importing anything else.
@_exported import SDKPersistence
@_exported import SDKRuntime
@_exported import VoidhashAPI
