import type { Brand } from '../brand/brand.service.js';
import type { RealtimeHub } from '../realtime/index.js';

/**
 * For the house products every brand shares (the live tables, the sportsbook): sends an event to
 * each active brand's topic room. The brands (the brand service's one walk, `brands.list()`) are
 * read at most once a minute; a failed read is logged and that event is not sent (the pages read
 * again on their own clock).
 */
export function createHouseFanOut(deps: {
  brands: { list(): Promise<Brand[]> };
  hub: RealtimeHub | undefined;
  log: { error(obj: unknown, msg?: string): void };
  what: string;
}) {
  let brands: { ids: number[]; until: number } = { ids: [], until: 0 };
  return (fn: (hub: RealtimeHub, merchantId: number) => void) => {
    const hub = deps.hub;
    if (!hub) return;
    const send = () => brands.ids.forEach((id) => fn(hub, id));
    if (brands.until > Date.now()) return send();
    void deps.brands
      .list()
      .then((list) => {
        brands = { ids: list.map((b) => b.id), until: Date.now() + 60_000 };
        send();
      })
      .catch((err: unknown) => deps.log.error({ err }, `${deps.what} event not published`));
  };
}
