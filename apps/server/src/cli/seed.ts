import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { seed } from '../seeds/seed.js';
import { openDatabase } from '../runtime.js';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateToLatest(database.db);
  const result = await seed(database.db, {
    demo: config.DEMO,
    demoTeam: config.DEMO,
    brandFile: process.env.BRAND_FILE,
  });
  console.log(JSON.stringify(result));
} finally {
  await database.close();
}
