import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A studio's API credential at rest: AES-256-GCM under a key kept outside the database (a file in
 * DATA_DIR, created on first use, readable by the server's user only). The database holds
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); a stolen dump without the key file reveals nothing, and
 * the brand and studio are bound as associated data, so a sealed value copied to another row fails
 * to open.
 */
export interface CredentialSealer {
  seal(plain: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}

/** A sealer whose key comes from `loadKey`, read once on first use. */
export function createCredentialSealer(loadKey: () => Promise<Buffer>): CredentialSealer {
  let key: Promise<Buffer> | null = null;
  const getKey = async () => {
    key ??= loadKey().then((k) => {
      if (k.length !== 32) throw new Error('credential key must be 32 bytes');
      return k;
    });
    return key;
  };
  return {
    async seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await getKey(), iv);
      cipher.setAAD(Buffer.from(context));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), ct].map((p) => p.toString('base64url'))].join('.');
    },
    async open(sealed, context) {
      const [version, iv, tag, ct] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not a sealed credential');
      const decipher = createDecipheriv('aes-256-gcm', await getKey(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The key file's 32 bytes, made (mode 0600) when missing. */
export async function loadCredentialKey(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another instance made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFile(file);
}
