// Placeholder until EmulatorTests lands.
