import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

// Migrations run before the typed schema exists, so they see an untyped database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function createMigrator(db: AnyDb, list: Record<string, Migration> = migrations) {
  const provider: MigrationProvider = { getMigrations: async () => list };
  return new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string | undefined,
    cause: unknown,
  ) {
    super(
      `Migration ${migration ?? '(unknown)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** Applies every pending migration, in order; throws MigrationError naming the one that failed. */
export async function migrateToLatest(db: AnyDb, list?: Record<string, Migration>): Promise<string[]> {
  const { error, results } = await createMigrator(db, list).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new MigrationError(failed, error);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations that exist in the code but are not applied. */
export async function pendingMigrations(db: AnyDb): Promise<string[]> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
