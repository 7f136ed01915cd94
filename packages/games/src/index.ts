/**
 * Pure game maths: provably-fair RNG, slot paytables, table games, lottery draws. Deterministic
 * and free of I/O so the server, the house vendor and the public verifier compute the same thing.
 * The games arrive with the house-vendor issue; this package holds the frame they grow in.
 */
export {};
