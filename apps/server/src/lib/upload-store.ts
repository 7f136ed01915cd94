import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files on disk under one folder (`DATA_DIR/uploads`): written once under a key the
 * server makes (never a name from the client), read back by that key. Serving them is the
 * caller's business (as base64 with the type sniffed at upload, never as a file with a guessed
 * content type).
 */
export function createUploadStore(root: string) {
  const fileOf = (key: string) => {
    if (!/^[a-z0-9-]+(\/[a-z0-9.-]+)+$/.test(key) || key.includes('..'))
      throw new Error(`bad upload key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key: string, bytes: Buffer): Promise<void> {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // `wx`: a key is written once; a second write of it is a bug, not an overwrite.
      await writeFile(file, bytes, { flag: 'wx' });
    },
    get: (key: string): Promise<Buffer> => readFile(fileOf(key)),
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
