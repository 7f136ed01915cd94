import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { generateRsaKeyPair } from '../../lib/body-crypto.js';
import { createKeysRepository } from './keys.repository.js';

const ROTATE_MS = 24 * 60 * 60_000;
/** A client may have fetched the previous key just before rotation: it stays valid this long. */
const GRACE_MS = 60 * 60_000;
const REFRESH_MS = 60_000;

/**
 * The RSA key pairs of the encrypted-body envelope. Stored in the database so every instance
 * uses the same keys; rotated daily, the previous key honoured for an hour.
 */
export function createKeyService(db: Kysely<Database>, now: () => number = Date.now) {
  const repository = createKeysRepository(db);
  let cached: { at: number; current: { keyId: string; publicKey: string }; privateKeys: string[] } | null =
    null;

  async function load() {
    let rows = await repository.newest();
    const newest = rows[0];
    if (!newest || now() - newest.created_at.getTime() > ROTATE_MS) {
      const pair = generateRsaKeyPair();
      await repository.insert(pair);
      rows = await repository.newest();
    }
    const [current, previous] = rows as [(typeof rows)[number], (typeof rows)[number] | undefined];
    const keys = [current.private_pem];
    if (previous && now() - current.created_at.getTime() < GRACE_MS) keys.push(previous.private_pem);
    cached = {
      at: now(),
      current: { keyId: current.key_id, publicKey: current.public_pem },
      privateKeys: keys,
    };
    return cached;
  }

  const fresh = async () => (cached && now() - cached.at < REFRESH_MS ? cached : load());

  return {
    async publicKey() {
      return (await fresh()).current;
    },
    /** Current key first, then the previous one during its grace period. */
    async privateKeys() {
      return (await fresh()).privateKeys;
    },
  };
}

export type KeyService = ReturnType<typeof createKeyService>;
