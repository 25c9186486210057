// Placeholder until the reliability suite lands.
