import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The stored RSA key pairs of the encrypted-body envelope (`rsa_key`). */
export function createKeysRepository(db: Kysely<Database>) {
  return {
    /** The two newest key pairs, newest first. */
    newest() {
      return db.selectFrom('rsa_key').selectAll().orderBy('created_at', 'desc').limit(2).execute();
    },

    /** Stores a new key pair (a pair with the same id, written by another instance, is kept). */
    async insert(pair: { keyId: string; publicKeyPem: string; privateKeyPem: string }): Promise<void> {
      await db
        .insertInto('rsa_key')
        .values({ key_id: pair.keyId, public_pem: pair.publicKeyPem, private_pem: pair.privateKeyPem })
        .onConflict((oc) => oc.column('key_id').doNothing())
        .execute();
    },
  };
}

export type KeysRepository = ReturnType<typeof createKeysRepository>;
