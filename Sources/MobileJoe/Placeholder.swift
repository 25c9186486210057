// Placeholder until MobileJoe lands.
