import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: m = 19 MiB, t = 2, p = 1. */
export const passwordHashParams = {
  // Algorithm.Argon2id: a const enum, which isolated modules cannot read at compile time.
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, passwordHashParams);
}

export function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  return verify(hashed, plain).catch(() => false);
}
