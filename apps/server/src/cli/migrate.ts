import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../runtime.js';

const config = loadConfig();
const database = await openDatabase(config);
let code = 0;
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await database.close();
}
// Explicitly: the embedded database's runtime overwrites `process.exitCode` when it shuts down.
process.exit(code);
