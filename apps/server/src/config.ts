import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/** Every environment variable the server reads; docs/configuration.md describes each. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.url().optional(),
  /** Prefix of the real-time channel's Redis keys: deployments sharing one Redis keep apart. */
  REDIS_PREFIX: z.string().min(1).max(64).default('arcadia'),
  /** How often open sockets' sessions are checked for expiry (revocations close them at once). */
  SOCKET_SESSION_SWEEP_MS: z.coerce.number().int().min(100).default(30_000),
  DEFAULT_MERCHANT: z.string().min(1).max(32).default('demo'),
  DEMO: flag.default(true),
  /** The sportsbook's simulator of fictional fixtures (docs/sportsbook.md); on with DEMO unless set. */
  SPORTS_SIMULATOR: flag.optional(),
  /** Demo mode only: the demo players play the house games (a week's worth on first start, then a little now and then). */
  DEMO_PLAY: flag.optional(),
  OPS_API_KEY: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  STATIC_DIR: z.string().default(path.resolve(here, '../../web/dist')),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  BRAND_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  SINGLE_SESSION: flag.default(false),
  CAPTCHA_TEST_CODE: z.string().min(4).max(16).optional(),
  MESSAGE_HTTP_URL: z.url().optional(),
  /** Signs the demo gateway's pay links and callbacks; generated at start when unset (demo mode only). */
  DEMO_GATEWAY_SECRET: z.string().min(32).optional(),
  /** Run background jobs (leases keep one instance per job at a time). Off in unit tests. */
  /** End-to-end suites only: `POST /dev/clock` moves the schedules' clock forward (src/lib/clock.ts). */
  TEST_CLOCK: flag.default(false),
  /** `GET /metrics` for Prometheus: with a token, bearer-only; without, loopback only (docs/operations.md). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Uploads (promotion applications, banners, artwork, logos) in an S3-compatible bucket instead of
   * `DATA_DIR/uploads` (docs/configuration.md): the bucket, and the endpoint for a non-AWS store.
   */
  UPLOADS_S3_BUCKET: z.string().min(3).max(63).optional(),
  UPLOADS_S3_ENDPOINT: z.url().optional(),
  UPLOADS_S3_REGION: z.string().min(1).default('us-east-1'),
  /** Path-style URLs (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  UPLOADS_S3_PATH_STYLE: flag.default(true),
  UPLOADS_S3_PREFIX: z.string().max(200).default(''),
  /** Keys; without them the SDK's default chain (environment, instance role) is used. */
  UPLOADS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  JOBS_ENABLED: flag.default(true),
  /** How often each job's schedule is checked. */
  JOBS_TICK_MS: z.coerce.number().int().min(100).default(15_000),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
