import { loadConfig } from '../config.js';
import { checkLedger } from '../modules/ledger/ledger.check.js';
import { openDatabase } from '../runtime.js';

/** `npm run ledger:check`: exits non-zero and lists every violation of the ledger's invariants. */
const config = loadConfig();
const database = await openDatabase(config);
let code = 0;
try {
  const violations = await checkLedger(database.db);
  if (violations.length === 0) {
    console.log(
      'ledger: every balance matches its entries, every transaction sums to zero, no negative member balance',
    );
  } else {
    for (const v of violations) console.error(`${v.rule} ${v.id}: ${v.detail}`);
    console.error(`ledger: ${violations.length} violation(s)`);
    code = 1;
  }
} finally {
  await database.close();
}
// Explicitly: the embedded database's runtime overwrites `process.exitCode` when it shuts down.
process.exit(code);
