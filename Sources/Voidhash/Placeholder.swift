// Placeholder until Voidhash lands.
