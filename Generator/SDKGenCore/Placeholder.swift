// Placeholder until SDKGenCore lands.
