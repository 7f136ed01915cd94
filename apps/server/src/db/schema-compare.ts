import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import ts from 'typescript';

/**
 * `db/schema.ts` (the Kysely `Database` interface) against the database's tables and columns, for
 * `db/schema.test.ts`.
 */

export const schemaFile = fileURLToPath(new URL('./schema.ts', import.meta.url));

/** Column name → nullable (`undefined`: the type cannot say, e.g. `any`/`unknown`). */
export type Columns = Map<string, boolean | undefined>;
/** Table name → columns. */
export type Tables = Map<string, Columns>;

/** The `Database` interface of a schema file: its tables, their columns and whether each is nullable. */
export function readSchemaTables(file: string = schemaFile): Tables {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error(`${file} has no Database interface`);
  const tables: Tables = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const row = checker.getTypeOfSymbolAtLocation(table, database);
    const columns: Columns = new Map();
    for (const column of row.getProperties()) {
      columns.set(
        column.name,
        nullable(checker, checker.getTypeOfSymbolAtLocation(column, database), database),
      );
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** Whether a column's selected type admits null: `T | null`, `ColumnType<T | null, …>`, `Generated<T | null>`. */
function nullable(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): boolean | undefined {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
  const members = type.isUnion() ? type.types : [type];
  if (members.some((t) => t.flags & ts.TypeFlags.Null)) return true;
  let undetermined = false;
  for (const member of members) {
    const select = member.getProperty('__select__');
    if (!select) continue;
    const inner = nullable(checker, checker.getTypeOfSymbolAtLocation(select, at), at);
    if (inner === true) return true;
    if (inner === undefined) undetermined = true;
  }
  return undetermined ? undefined : false;
}

// The catalog is read without the typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The tables of schema `public` (ordinary and partitioned tables, views) and their columns. */
export async function readDatabaseTables(db: AnyDb): Promise<Tables> {
  const rows = await sql<{ table: string; column: string; nullable: boolean }>`
    select c.relname as table, a.attname as column, not a.attnotnull as nullable
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and not c.relispartition
     order by c.relname, a.attnum`.execute(db);
  const tables: Tables = new Map();
  for (const r of rows.rows) {
    let columns = tables.get(r.table);
    if (!columns) tables.set(r.table, (columns = new Map()));
    columns.set(r.column, r.nullable);
  }
  return tables;
}

/** A difference between schema.ts and the database; `where` is `table` or `table.column`. */
export interface SchemaDifference {
  where: string;
  problem:
    | 'table only in the database'
    | 'table only in schema.ts'
    | 'column only in the database'
    | 'column only in schema.ts'
    | 'nullable in the database, not in schema.ts'
    | 'nullable in schema.ts, not in the database';
}

/** Every difference, except those whose `where` + `problem` are in `known`. */
export function compareSchema(
  code: Tables,
  database: Tables,
  known: readonly SchemaDifference[] = [],
): SchemaDifference[] {
  const found: SchemaDifference[] = [];
  for (const [table, columns] of database) {
    const typed = code.get(table);
    if (!typed) {
      found.push({ where: table, problem: 'table only in the database' });
      continue;
    }
    for (const [column, isNullable] of columns) {
      const where = `${table}.${column}`;
      if (!typed.has(column)) found.push({ where, problem: 'column only in the database' });
      else {
        const typedNullable = typed.get(column);
        if (typedNullable === undefined || typedNullable === isNullable) continue;
        found.push({
          where,
          problem: isNullable
            ? 'nullable in the database, not in schema.ts'
            : 'nullable in schema.ts, not in the database',
        });
      }
    }
    for (const column of typed.keys()) {
      if (!columns.has(column))
        found.push({ where: `${table}.${column}`, problem: 'column only in schema.ts' });
    }
  }
  for (const table of code.keys()) {
    if (!database.has(table)) found.push({ where: table, problem: 'table only in schema.ts' });
  }
  return found.filter((d) => !known.some((k) => k.where === d.where && k.problem === d.problem));
}
