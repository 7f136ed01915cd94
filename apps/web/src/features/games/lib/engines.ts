import type { HouseEngineId } from '@arcadia/contract';

/**
 * The house engines in lobby order. Kept as a plain list (the contract's runtime module carries
 * zod, which the web bundle leaves out); the `satisfies` check ties it to the contract's ids.
 */
export const engineIds = [
  'slot-fruit',
  'slot-pharaoh',
  'slot-ocean',
  'dice',
  'limbo',
  'mines',
  'scratch',
  'fishing',
  'baccarat',
  'blackjack',
] as const satisfies readonly HouseEngineId[];

// Both directions: a new contract engine without a screen here fails to compile.
type Missing = Exclude<HouseEngineId, (typeof engineIds)[number]>;
export const everyEngineListed: Missing extends never ? true : never = true;

export function isEngineId(value: string): value is HouseEngineId {
  return (engineIds as readonly string[]).includes(value);
}

/** The contract's client seed rule: 1–64 printable characters, no spaces. */
export function isValidClientSeed(seed: string): boolean {
  return /^[A-Za-z0-9._:@+-]{1,64}$/.test(seed.trim());
}
