// Placeholder until MobileJoeTests lands.
