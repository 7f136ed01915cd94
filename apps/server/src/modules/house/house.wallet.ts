import { setTimeout as sleep } from 'node:timers/promises';
import { HOUSE_VENDOR, type VendorSecrets, signVendorBody } from '../vendors/index.js';

/**
 * The house vendor's side of the seamless wallet protocol (docs/vendor-protocol.md): it signs each
 * body with the brand's house secret and sends it to `/vendor/house/<op>`.
 *
 * Transport: `app.inject`, a full HTTP request through the platform's own router, raw-body parser
 * and signature check, without a socket. The server need not know its own public address or port
 * (behind a proxy, in tests, several instances), nothing leaves the process, and yet the callback
 * is exactly what a third-party vendor's would be: swap `send` for `fetch` to run the house vendor
 * as a separate service.
 */

export type WalletOp = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'settle';

export type WalletStatus =
  | 'OK'
  | 'INSUFFICIENT_FUNDS'
  | 'LIMIT_REACHED'
  | 'SESSION_EXPIRED'
  | 'DUPLICATE_TRANSACTION'
  | 'BET_ALREADY_ROLLED_BACK'
  | 'BET_NOT_FOUND'
  | 'INVALID_SIGNATURE'
  | 'BAD_REQUEST'
  | 'PLAYER_NOT_FOUND'
  | 'INTERNAL_ERROR';

export interface WalletReply {
  status: WalletStatus | string;
  balance?: string;
  currency?: string;
  player_id?: string;
  account?: string;
  [key: string]: unknown;
}

/** What the platform answered, or that it did not answer usably (network, 5xx, INTERNAL_ERROR). */
export type SendResult = { ok: true; reply: WalletReply; raw: string } | { ok: false; reason: string };

export interface InjectLike {
  (opts: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: string;
  }): Promise<{ statusCode: number; body: string }>;
}

export interface HouseWalletClient {
  /** One attempt. */
  send(merchantId: number, merchantCode: string, op: WalletOp, body: string): Promise<SendResult>;
  /** Up to `attempts` tries of the SAME body (same request and transaction ids) on transient failures. */
  sendWithRetry(
    merchantId: number,
    merchantCode: string,
    op: WalletOp,
    body: string,
    attempts?: number,
  ): Promise<SendResult>;
}

/** Money amounts on the wire: strings of integer minor units. */
export function normaliseBalance(value: unknown): string | undefined {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

export function createHouseWalletClient(deps: {
  inject: () => InjectLike;
  secrets: VendorSecrets;
  /** Pause before retry n (1-based); tests shorten it. */
  backoffMs?: (attempt: number) => number;
}): HouseWalletClient {
  const backoff = deps.backoffMs ?? ((n: number) => 50 * 4 ** (n - 1));

  async function send(
    merchantId: number,
    merchantCode: string,
    op: WalletOp,
    body: string,
  ): Promise<SendResult> {
    const secret = await deps.secrets.get(merchantId, HOUSE_VENDOR);
    if (!secret) return { ok: false, reason: 'no house secret for this brand' };
    let res: { statusCode: number; body: string };
    try {
      res = await deps.inject()({
        method: 'POST',
        url: `/vendor/${HOUSE_VENDOR}/${op}`,
        headers: {
          'content-type': 'application/json',
          'x-signature': signVendorBody(secret, body),
          merchant: merchantCode,
        },
        payload: body,
      });
    } catch (err) {
      return { ok: false, reason: `transport: ${(err as Error).message}` };
    }
    if (res.statusCode >= 500) return { ok: false, reason: `http ${res.statusCode}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      return { ok: false, reason: 'reply is not JSON' };
    }
    const reply = parsed as WalletReply;
    if (typeof reply?.status !== 'string') return { ok: false, reason: 'reply has no status' };
    if (reply.status === 'INTERNAL_ERROR') return { ok: false, reason: 'INTERNAL_ERROR' };
    const balance = normaliseBalance(reply.balance);
    return { ok: true, reply: { ...reply, ...(balance !== undefined ? { balance } : {}) }, raw: res.body };
  }

  return {
    send,
    async sendWithRetry(merchantId, merchantCode, op, body, attempts = 3) {
      let last: SendResult = { ok: false, reason: 'not sent' };
      for (let n = 1; n <= attempts; n++) {
        last = await send(merchantId, merchantCode, op, body);
        if (last.ok) return last;
        if (n < attempts) await sleep(backoff(n));
      }
      return last;
    },
  };
}
