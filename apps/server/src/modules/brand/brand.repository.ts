import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BrandFile } from './brand.settings.js';

export function createBrandRepository(db: Kysely<Database>) {
  return {
    /** Every brand's code, the active ones only unless `all`. */
    async listCodes(opts: { all?: boolean } = {}): Promise<string[]> {
      let q = db.selectFrom('merchant').select('code').orderBy('id');
      if (!opts.all) q = q.where('status', '=', 'active');
      return (await q.execute()).map((r) => r.code);
    },

    findByCode(code: string) {
      return db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
    },

    async exists(code: string): Promise<boolean> {
      const row = await db.selectFrom('merchant').select('id').where('code', '=', code).executeTakeFirst();
      return row !== undefined;
    },

    /** Creates the brand and its help topics; a brand that already exists is left as it is. */
    async insertFromFile(file: BrandFile): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('merchant')
          .values({
            code: file.code,
            name: file.name,
            currency: file.currency,
            currency_symbol: file.currencySymbol,
            currency_scale: file.currencyScale,
            default_language: file.defaultLanguage,
            settings: JSON.stringify(file.settings),
            modules: JSON.stringify(file.modules),
            register_rules: JSON.stringify(file.registerRules),
            availability: JSON.stringify(file.availability),
          })
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return null;
        const topics = Object.entries(file.helpTopics).flatMap(([language, list]) =>
          list.map((t, sort) => ({
            merchant_id: row.id,
            language,
            term: t.term,
            title: t.title,
            content: t.content,
            sort,
          })),
        );
        if (topics.length > 0) await trx.insertInto('help_topic').values(topics).execute();
        return row.id;
      });
    },

    /** Brings an existing brand's settings, modules and register rules up to date with its file. */
    async refreshFromFile(file: BrandFile): Promise<void> {
      await db
        .updateTable('merchant')
        .set({
          settings: JSON.stringify(file.settings),
          modules: JSON.stringify(file.modules),
          register_rules: JSON.stringify(file.registerRules),
          updated_at: new Date(),
        })
        .where('code', '=', file.code)
        .execute();
    },

    /** Replaces one top-level key of the brand's settings. */
    async updateSettingsPart(code: string, key: string, value: unknown): Promise<boolean> {
      const result = await db
        .updateTable('merchant')
        .set({
          settings: sql`jsonb_set(settings, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb, true)`,
          updated_at: new Date(),
        })
        .where('code', '=', code)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async updateAvailability(code: string, availability: unknown): Promise<boolean> {
      const result = await db
        .updateTable('merchant')
        .set({ availability: JSON.stringify(availability), updated_at: new Date() })
        .where('code', '=', code)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type BrandRepository = ReturnType<typeof createBrandRepository>;

/**
 * The Brand page's statements (`brand.admin.ts`): any status, a row locked for a change, the
 * insert of a new brand. Bound to the database or to the transaction of a change and its audit line.
 */
export function brandAdminQueries(db: Kysely<Database>) {
  return {
    findByCode(code: string) {
      return db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
    },

    /** The new brand's row; undefined when the code is taken. */
    insert(values: Insertable<Database['merchant']>) {
      return db
        .insertInto('merchant')
        .values(values)
        .onConflict((oc) => oc.column('code').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The brand's row, locked until the transaction ends. */
    lockByCode(code: string) {
      return db.selectFrom('merchant').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
    },

    update(id: number, set: Updateable<Database['merchant']>) {
      return db
        .updateTable('merchant')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
