import { OPERATOR_PASSWORD_MIN } from '@arcadia/contract';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { createOperatorRepository } from '../modules/operator/operator.repository.js';
import { createOperatorService } from '../modules/operator/operator.service.js';
import { createThrottleRepository } from '../modules/throttle/throttle.repository.js';
import { createThrottleService } from '../modules/throttle/throttle.service.js';
import { openDatabase } from '../runtime.js';

/**
 * `npm run ops:create-admin -- <username>` (or `node apps/server/dist/create-operator.js <username>`):
 * creates an operator with role admin for every brand, the password read from OPS_ADMIN_PASSWORD
 * (never from the command line, which other users and the shell history can see). Production
 * (DEMO=0) seeds no operator; this makes the first one, and the audit log records it (actor `cli`).
 */
const usage = 'usage: OPS_ADMIN_PASSWORD=… npm run ops:create-admin -- <username>';
const username = process.argv[2]?.trim();
const password = process.env.OPS_ADMIN_PASSWORD ?? '';

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

if (!username || !/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/.test(username)) {
  fail(`give a username of 3–32 letters, digits, dot, underscore or hyphen\n  ${usage}`);
}
if (password.length < OPERATOR_PASSWORD_MIN || password.length > 128) {
  fail(`set OPS_ADMIN_PASSWORD to a password of ${OPERATOR_PASSWORD_MIN}–128 characters\n  ${usage}`);
}

const config = loadConfig();
const database = await openDatabase(config);
let code = 0;
try {
  await migrateToLatest(database.db);
  const operators = createOperatorService({
    repository: createOperatorRepository(database.db),
    throttle: createThrottleService(createThrottleRepository(database.db)),
  });
  const created = await operators.createFromCli({ username, password, role: 'admin' });
  if (!created) {
    console.error(`✖ an operator named ${username} already exists; nothing changed`);
    code = 1;
  } else {
    console.log(`Created operator ${created.username} (admin, every brand). Log in at /ops.`);
  }
} finally {
  await database.close();
}
// Explicitly: the embedded database's runtime overwrites `process.exitCode` when it shuts down.
process.exit(code);
