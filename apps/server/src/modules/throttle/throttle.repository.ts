import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ThrottleRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** How long the key is blocked once the limit is passed (0: only until the window ends). */
  blockMs: number;
}

export function createThrottleRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit in a fixed window and blocks the key once the limit is passed. One upsert,
     * evaluated by the database clock, so every instance shares the same counters.
     */
    async hit(key: string, rule: ThrottleRule) {
      const window = rule.windowMs / 1000;
      const block = rule.blockMs / 1000;
      const { rows } = await sql<{ hits: number; blocked_ms: string | null }>`
        insert into throttle as t (key, hits, window_started_at, blocked_until)
        values (${key}, 1, now(), case when 1 > ${rule.limit}::int then now() + make_interval(secs => ${block}::float8) end)
        on conflict (key) do update set
          hits = case when t.window_started_at < now() - make_interval(secs => ${window}::float8) then 1 else t.hits + 1 end,
          window_started_at = case when t.window_started_at < now() - make_interval(secs => ${window}::float8)
                                   then now() else t.window_started_at end,
          blocked_until = case
            when (case when t.window_started_at < now() - make_interval(secs => ${window}::float8) then 1 else t.hits + 1 end) > ${rule.limit}::int
              then greatest(coalesce(t.blocked_until, now()), now() + make_interval(secs => ${block}::float8),
                            t.window_started_at + make_interval(secs => ${window}::float8))
            else t.blocked_until end
        returning hits, (extract(epoch from (blocked_until - now())) * 1000)::bigint::text as blocked_ms`.execute(
        db,
      );
      const row = rows[0]!;
      const blockedMs = row.blocked_ms === null ? 0 : Math.max(0, Number(row.blocked_ms));
      return { hits: row.hits, blockedMs };
    },

    /** Milliseconds the key stays blocked (0 when free) and its hits in the current window. */
    async state(key: string, windowMs: number) {
      const { rows } = await sql<{ hits: number; blocked_ms: string | null }>`
        select case when window_started_at < now() - make_interval(secs => ${windowMs / 1000}::float8) then 0 else hits end as hits,
               (extract(epoch from (blocked_until - now())) * 1000)::bigint::text as blocked_ms
        from throttle where key = ${key}`.execute(db);
      const row = rows[0];
      if (!row) return { hits: 0, blockedMs: 0 };
      return { hits: row.hits, blockedMs: row.blocked_ms === null ? 0 : Math.max(0, Number(row.blocked_ms)) };
    },

    async reset(key: string) {
      await db.deleteFrom('throttle').where('key', '=', key).execute();
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
