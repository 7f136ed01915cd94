// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { ThrottleService } from '../throttle/index.js';
import { createMessenger } from './messenger.js';
import { createVerificationRepository } from './verification.repository.js';
import { createVerificationService } from './verification.service.js';

/** SMS and email codes (hashed, single-use) and the messenger that sends them (outbox | HTTP gateway). */
export function createVerificationModule(deps: {
  db: Kysely<Database>;
  log: FastifyBaseLogger | Console;
  throttle: ThrottleService;
  /** A gateway that also receives every message (`MESSAGE_HTTP_URL`). */
  httpUrl?: string | undefined;
  /** Demo mode: the codes are written to the log. */
  logCodes: boolean;
}) {
  const messenger = createMessenger({
    db: deps.db,
    log: deps.log,
    httpUrl: deps.httpUrl,
    logCodes: deps.logCodes,
  });
  const verification = createVerificationService({
    repository: createVerificationRepository(deps.db),
    messenger,
    throttle: deps.throttle,
  });
  const face = { name: 'verification', messenger, verification };
  return face satisfies AppModule;
}

export * from './verification.service.js';
export * from './messenger.js';
export * from './verification.repository.js';
