import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { createVerificationRepository } from './verification.repository.js';

export interface OutgoingMessage {
  merchantId: number;
  channel: 'sms' | 'email';
  to: string;
  text: string;
  /** The one-time code inside `text`, kept for the development outbox. */
  code: string | null;
}

/** Delivers SMS and email. Every message is also written to `outbox_message` (audit trail). */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The shipped provider: stores the message and logs it, so every flow works offline. With
 * `httpUrl` set it also POSTs `{channel, to, text}` as JSON to a gateway of the operator's choice.
 */
export function createMessenger(deps: {
  db: Kysely<Database>;
  log: FastifyBaseLogger | Console;
  httpUrl?: string | undefined;
  logCodes: boolean;
}): Messenger {
  const repository = createVerificationRepository(deps.db);
  return {
    async send(message) {
      await repository.insertOutbox(message);
      if (deps.logCodes) deps.log.info(`[dev ${message.channel}] to ${message.to}: ${message.text}`);
      if (deps.httpUrl) {
        const res = await fetch(deps.httpUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel: message.channel, to: message.to, text: message.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`message gateway answered ${res.status}`);
      }
    },
  };
}
