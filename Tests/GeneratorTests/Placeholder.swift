// Placeholder until GeneratorTests lands.
