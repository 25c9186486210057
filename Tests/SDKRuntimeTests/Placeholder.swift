// Placeholder until SDKRuntimeTests lands.
