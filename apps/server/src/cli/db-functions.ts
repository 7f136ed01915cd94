import { createDatabase } from '../db/database.js';
import { functionsDir, readDatabaseCode, writeCodeFiles } from '../db/function-files.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * `npm run db:functions`: migrates a fresh in-memory database and writes its functions and triggers
 * to `src/db/functions/` (one file each), removing the files of objects that no longer exist.
 */
const database = await createDatabase({ kind: 'pglite' });
let code = 0;
try {
  await migrateToLatest(database.db);
  const { written, removed } = writeCodeFiles(await readDatabaseCode(database.db));
  console.log(`db:functions: ${written} file(s) in ${functionsDir}`);
  for (const file of removed) console.log(`removed ${file}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await database.close();
}
// Explicitly: the embedded database's runtime overwrites `process.exitCode` when it shuts down.
process.exit(code);
