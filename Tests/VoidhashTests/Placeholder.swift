// Placeholder until VoidhashTests lands.
