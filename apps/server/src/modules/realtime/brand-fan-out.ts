import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RealtimeHub } from './realtime.hub.js';
import { activeBrandIds } from './realtime.repository.js';

/**
 * For products every brand shares (the live tables, the sportsbook): sends an event to each active
 * brand's topic room. The brands' ids are read at most once a minute — from the brand service's
 * `list()` when given `brands`, else from the database; a failed read is logged and that event is
 * not sent (the pages read again on their own clock).
 */
export function createBrandFanOut(deps: {
  db: Kysely<Database>;
  /** The brand service (`brands.list()`: the active brands). */
  brands?: { list(): Promise<readonly { id: number }[]> };
  hub: () => RealtimeHub | undefined;
  log: { error(obj: unknown, msg?: string): void };
  what: string;
}) {
  let brands: { ids: number[]; until: number } = { ids: [], until: 0 };
  const readIds = async () =>
    deps.brands ? (await deps.brands.list()).map((b) => b.id) : activeBrandIds(deps.db);
  return (fn: (hub: RealtimeHub, merchantId: number) => void) => {
    const hub = deps.hub();
    if (!hub) return;
    const send = () => brands.ids.forEach((id) => fn(hub, id));
    if (brands.until > Date.now()) return send();
    void readIds()
      .then((ids) => {
        brands = { ids, until: Date.now() + 60_000 };
        send();
      })
      .catch((err: unknown) => deps.log.error({ err }, `${deps.what} event not published`));
  };
}
