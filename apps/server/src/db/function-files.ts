import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';

/**
 * The database's own code (PL/pgSQL and SQL functions, triggers) as one file per object under
 * `db/functions/`, written from a freshly migrated database by `npm run db:functions` and compared
 * with the database by `db/functions.test.ts`. The migrations stay the only way to change them; the
 * files are the readable current definitions.
 */

/** The folder of the files: `apps/server/src/db/functions/`. */
export const functionsDir = fileURLToPath(new URL('./functions/', import.meta.url));

/** Relative path (posix, under `db/functions/`) → file text. */
export type CodeFiles = Map<string, string>;

// The catalog is read before (and independently of) the typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Only trailing whitespace is normalised: at line ends and at the end, which is one newline. */
export function normaliseDefinition(text: string): string {
  return `${text
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '')}\n`;
}

/**
 * Every function and trigger of schema `public` the migrations made, keyed by file path:
 * `<function>.sql` (an overloaded name gets its argument types: `<function>(<type>,<type>).sql`) and
 * `triggers/<table>.<trigger>.sql`. Extension-owned functions, internal triggers (foreign keys) and
 * functions in other languages (C, internal) are left out.
 */
export async function readDatabaseCode(db: AnyDb): Promise<CodeFiles> {
  const functions = await sql<{ name: string; types: string; overloads: number; def: string }>`
    select p.proname as name,
           coalesce((select string_agg(format_type(t.type, null), ',' order by t.ord)
                       from unnest(p.proargtypes) with ordinality as t(type, ord)), '') as types,
           count(*) over (partition by p.proname)::int as overloads,
           pg_get_functiondef(p.oid) as def
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
     where n.nspname = 'public'
       and l.lanname in ('plpgsql', 'sql')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     order by p.proname, types`.execute(db);
  const triggers = await sql<{ table: string; name: string; def: string }>`
    select c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid, true) as def
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public'
       and not t.tgisinternal
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     order by c.relname, t.tgname`.execute(db);
  const files: CodeFiles = new Map();
  for (const f of functions.rows) {
    const name = f.overloads > 1 ? `${f.name}(${f.types.replace(/\s+/g, '_')})` : f.name;
    files.set(`${name}.sql`, normaliseDefinition(f.def));
  }
  for (const t of triggers.rows)
    files.set(`triggers/${t.table}.${t.name}.sql`, normaliseDefinition(`${t.def};`));
  return files;
}

/** The `.sql` files under `dir` (and `dir/triggers/`), keyed like {@link readDatabaseCode}. */
export function readCodeFiles(dir: string = functionsDir): CodeFiles {
  const files: CodeFiles = new Map();
  for (const sub of ['', 'triggers/']) {
    const folder = path.join(dir, sub);
    if (!fs.existsSync(folder)) continue;
    for (const entry of fs.readdirSync(folder).sort()) {
      if (entry.endsWith('.sql'))
        files.set(`${sub}${entry}`, fs.readFileSync(path.join(folder, entry), 'utf8'));
    }
  }
  return files;
}

/** The object a file holds: `ledger_post` or `trigger ledger_entry.ledger_entry_append_only`. */
export function objectOf(file: string): string {
  const base = file.replace(/\.sql$/, '');
  return base.startsWith('triggers/') ? `trigger ${base.slice('triggers/'.length)}` : base;
}

export interface CodeDrift {
  /** The object's definition differs from its file. */
  changed: string[];
  /** The database has the object, there is no file. */
  missing: string[];
  /** A file whose object the database no longer has. */
  gone: string[];
}

/**
 * What differs between the database's code and the files, by object name. Definitions are
 * compared as PostgreSQL prints them, after {@link normaliseDefinition} on both sides (PGlite and
 * PostgreSQL 15+ print these definitions identically; nothing else is normalised).
 */
export function compareCode(database: CodeFiles, files: CodeFiles): CodeDrift {
  const drift: CodeDrift = { changed: [], missing: [], gone: [] };
  for (const [file, def] of database) {
    const text = files.get(file);
    if (text === undefined) drift.missing.push(objectOf(file));
    else if (normaliseDefinition(def) !== normaliseDefinition(text)) drift.changed.push(objectOf(file));
  }
  for (const file of files.keys()) if (!database.has(file)) drift.gone.push(objectOf(file));
  return drift;
}

/** One line per drifted object, for a failure message. */
export function describeDrift(drift: CodeDrift): string[] {
  return [
    ...drift.changed.map((o) => `${o}: the database's definition differs from its file`),
    ...drift.missing.map((o) => `${o}: exists in the database, has no file`),
    ...drift.gone.map((o) => `${o}: has a file, no longer exists in the database`),
  ];
}

/** Rewrites the folder's `.sql` files to `code`: writes every file, removes the ones of objects gone. */
export function writeCodeFiles(
  code: CodeFiles,
  dir: string = functionsDir,
): { written: number; removed: string[] } {
  const removed: string[] = [];
  for (const file of readCodeFiles(dir).keys()) {
    if (!code.has(file)) {
      fs.rmSync(path.join(dir, file));
      removed.push(file);
    }
  }
  for (const [file, text] of code) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return { written: code.size, removed };
}
