// Placeholder until SDKEmulator lands.
