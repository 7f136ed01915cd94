import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';
import { demoAccounts, seed } from './seeds/seed.js';
import { openBus, openDatabase } from './runtime.js';

const started = performance.now();

async function main() {
  const config = loadConfig();
  if (config.DEMO && !config.OPS_API_KEY) {
    // Demo only: an operator key for this run, so the operator calls can be tried at once.
    config.OPS_API_KEY = randomBytes(18).toString('base64url');
  }
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    console.error(
      `\n✖ ${err instanceof MigrationError ? err.message : String(err)}\n  The server did not start.`,
    );
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const seeded = await seed(database.db, {
    demo: config.DEMO,
    demoTeam: config.DEMO,
    brandFile: process.env.BRAND_FILE,
  });
  const bus = await openBus(config);
  const app = await buildApp({ config, database, bus, version: process.env.npm_package_version ?? '0.1.0' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // close() stops accepting, lets in-flight requests finish, then the database and bus close.
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const readyMs = Math.round(performance.now() - started);
  const lines = [
    '',
    `  Arcadia is running: http://localhost:${port}`,
    `  API docs:           http://localhost:${port}/docs`,
    `  Database:           ${database.kind === 'pglite' ? `embedded PGlite (${config.DATA_DIR})` : 'PostgreSQL'}`,
    `  Brand:              ${seeded.brand}${seeded.brandCreated ? ' (created)' : ''}`,
  ];
  if (config.DEMO) {
    lines.push(
      `  Demo agent:         ${demoAccounts.agent.account} / ${demoAccounts.agent.password}`,
      `  Demo player:        ${demoAccounts.player.account} / ${demoAccounts.player.password}`,
      `  Demo operator:      ${demoAccounts.operator.username} / ${demoAccounts.operator.password} at http://localhost:${port}/ops`,
      `  Operator key:       ${config.OPS_API_KEY}${process.env.OPS_API_KEY ? '' : ' (generated for this run; set OPS_API_KEY to fix it)'}`,
    );
  }
  lines.push(`  Ready in ${readyMs} ms`, '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
