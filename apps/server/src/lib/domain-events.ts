import type { Brand } from '../modules/brand/brand.service.js';

/**
 * What one module tells the others happened (docs/ARCHITECTURE.md "Domain events"). A module that
 * reacts to another's news subscribes here instead of being handed a closure through `app.ts`;
 * the emitter never imports the listener. Payloads are plain data.
 */
export interface DomainEvents {
  /** A member registered on the player site (referral codes are recorded from this). */
  'member.registered': {
    brand: Brand;
    memberId: string;
    referralCode: string | null;
    ip: string;
    deviceId: string | null;
  };
  /** Member sessions ended (logout elsewhere, expiry, a status change): their sockets are told. */
  'session.ended': { sessionIds: readonly string[]; reason: string };
  /** The agent rollups of a brand should be recomputed for the last `daysBack` days. */
  'rollups.stale': { brand: Brand; daysBack: number };
}

export type DomainEventName = keyof DomainEvents;
type Handler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export interface DomainEventBus {
  /** Adds a listener; listeners run in the order they subscribed. */
  on<K extends DomainEventName>(name: K, handler: Handler<K>): void;
  /**
   * Runs every listener of `name` one after the other and resolves when all have finished; a
   * listener's failure rejects the emit (the emitter decides whether that fails its request).
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

/** The in-process event bus of one app instance (not shared across instances: see realtime for that). */
export function createDomainEvents(): DomainEventBus {
  const handlers = new Map<DomainEventName, Handler<never>[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as Handler<never>);
      handlers.set(name, list);
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) await (handler as Handler<typeof name>)(payload);
    },
  };
}
