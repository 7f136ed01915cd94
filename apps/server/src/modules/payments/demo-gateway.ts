import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DepositStatus } from '../../db/schema.js';
import { requestCookie } from '../../lib/cookies.js';

/**
 * The built-in demo payment gateway. It behaves like an external one: the platform sends the
 * member to its pay page (a signed link), the member pays or cancels there, and the gateway then
 * notifies the platform with a signed asynchronous callback (`POST /payments/demo/callback`,
 * header `X-Signature: hex(HMAC-SHA256(secret, raw body))`) while the browser is sent back to the
 * site. Only the callback credits money; the browser's return proves nothing.
 */
export interface DemoGateway {
  /** The pay page of a deposit: `/pay/demo/<id>?sig=…`. */
  payUrl(depositId: string): string;
  /** hex HMAC-SHA256 of `data` with the deployment's secret. */
  sign(data: Buffer | string): string;
  /** Constant-time check of an `X-Signature` header against the raw body bytes. */
  verify(raw: Buffer, signature: unknown): boolean;
}

export function createDemoGateway(secret: string): DemoGateway {
  const sign = (data: Buffer | string) => createHmac('sha256', secret).update(data).digest('hex');
  const pageSig = (id: string) => sign(`pay:${id}`);
  return {
    sign,
    payUrl: (depositId) => `/pay/demo/${depositId}?sig=${pageSig(depositId)}`,
    verify(raw, signature) {
      if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
      const expected = createHmac('sha256', secret).update(raw).digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}

export interface GatewayOrder {
  id: string;
  amount: string;
  status: DepositStatus;
  channel_kind: string;
  merchant_code: string;
  merchant_name: string;
  currency: string;
  currency_scale: number;
}

type Lang = 'EN' | 'ZH';

const texts = {
  EN: {
    title: 'Demo payment',
    note: 'A simulated payment gateway: no real money moves.',
    merchant: 'Merchant',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    cancel: 'Cancel',
    invalid: 'This payment link is invalid or has expired.',
    done: 'This order is already {status}.',
    back: 'Back to the site',
    status: {
      pending: 'waiting for payment',
      paid: 'paid',
      failed: 'failed',
      cancelled: 'cancelled',
      rejected: 'rejected',
    },
  },
  ZH: {
    title: '演示支付',
    note: '模拟支付网关，不涉及真实资金。',
    merchant: '商户',
    order: '订单号',
    amount: '金额',
    pay: '支付',
    cancel: '取消',
    invalid: '支付链接无效或已过期。',
    done: '该订单已{status}。',
    back: '返回网站',
    status: { pending: '待支付', paid: '支付', failed: '失败', cancelled: '取消', rejected: '拒绝' },
  },
} as const satisfies Record<Lang, unknown>;

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;
    background:#eef1f6;color:#1d2433}
  main{width:min(92vw,420px);background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:28px}
  h1{margin:0 0 4px;font-size:22px}
  p.note{margin:0 0 20px;color:#5b6475;font-size:14px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
  dt{color:#5b6475}
  dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
  dd.amount{font-size:22px;font-weight:600}
  form{display:flex;gap:12px}
  button{flex:1;padding:12px;border-radius:8px;border:1px solid #c7cdd8;background:#fff;font:inherit;cursor:pointer}
  button.pay{background:#1f6feb;border-color:#1f6feb;color:#fff;font-weight:600}
  button:focus-visible,a:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
  a{color:#1f6feb}
`;
/** A strict page policy: no script at all, only this one stylesheet (by hash), posts to ourselves. */
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Exact decimal text of minor units ("1234.50"), never through floating point. */
export function minorToText(minor: bigint | string, scale: number): string {
  const value = BigInt(minor);
  const unit = 10n ** BigInt(scale);
  const whole = (value / unit).toString();
  return scale === 0 ? whole : `${whole}.${(value % unit).toString().padStart(scale, '0')}`;
}

const grouped = (text: string) => text.replace(/^(\d+)/, (w) => w.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

function languageOf(request: FastifyRequest): Lang {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  const body = (request.body as Record<string, unknown> | undefined)?.lang;
  const cookie = requestCookie(request, 'Language');
  for (const candidate of [query, body, cookie, request.headers['accept-language']]) {
    if (typeof candidate !== 'string' || candidate === '') continue;
    return candidate.trim().toUpperCase().startsWith('ZH') ? 'ZH' : 'EN';
  }
  return 'EN';
}

function page(reply: FastifyReply, lang: Lang, status: number, body: string) {
  const t = texts[lang];
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="${lang === 'ZH' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const ID = /^[1-9]\d{0,17}$/;

/**
 * The gateway's own pages (not part of the API contract: HTML for a browser, as an external
 * gateway would serve): `GET /pay/demo/:id` and `POST /pay/demo/:id/complete`. After "Pay" or
 * "Cancel" the callback is delivered in the background (retried on 5xx or a network failure)
 * and the browser is redirected to `/member?page=depositv2&deposit=<id>`.
 */
export function registerDemoGatewayPages(
  app: FastifyInstance,
  gateway: DemoGateway,
  lookup: (id: string) => Promise<GatewayOrder | undefined>,
) {
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  const validSig = (id: string, sig: unknown) =>
    typeof sig === 'string' &&
    /^[0-9a-f]{64}$/.test(sig) &&
    timingSafeEqual(Buffer.from(gateway.sign(`pay:${id}`)), Buffer.from(sig));

  async function order(request: FastifyRequest, sig: unknown): Promise<GatewayOrder | undefined> {
    const { id } = request.params as { id: string };
    if (!ID.test(id) || !validSig(id, sig)) return undefined;
    const found = await lookup(id);
    return found && found.channel_kind === 'DEMO_GATEWAY' ? found : undefined;
  }

  const invalid = (reply: FastifyReply, lang: Lang) =>
    page(
      reply,
      lang,
      404,
      `<h1>${escapeHtml(texts[lang].title)}</h1><p>${escapeHtml(texts[lang].invalid)}</p>`,
    );

  const backLink = (lang: Lang, id: string) =>
    `<p><a href="/member?page=depositv2&amp;deposit=${id}">${escapeHtml(texts[lang].back)}</a></p>`;

  function deliver(found: GatewayOrder, status: 'paid' | 'cancelled') {
    const raw = JSON.stringify({
      depositId: found.id,
      status,
      amount: minorToText(found.amount, found.currency_scale),
      currency: found.currency,
      gatewayRef: `DG${randomBytes(8).toString('hex').toUpperCase()}`,
      time: new Date().toISOString(),
    });
    const headers = {
      'content-type': 'application/json',
      'x-signature': gateway.sign(raw),
      merchant: found.merchant_code,
    };
    const run = async () => {
      for (let attempt = 1; attempt <= 4 && !closing; attempt++) {
        try {
          const res = await app.inject({
            method: 'POST',
            url: '/payments/demo/callback',
            headers,
            payload: raw,
          });
          if (res.statusCode < 500) {
            if (res.statusCode >= 400)
              app.log.warn({ depositId: found.id, status: res.statusCode }, 'demo gateway callback refused');
            return;
          }
        } catch (err) {
          app.log.warn({ err, depositId: found.id }, 'demo gateway callback failed');
        }
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
    };
    const p = new Promise<void>((resolve) => setImmediate(resolve)).then(run);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  app.get('/pay/demo/:id', async (request, reply) => {
    const lang = languageOf(request);
    const sig = (request.query as Record<string, unknown>).sig;
    const found = await order(request, sig);
    if (!found) return invalid(reply, lang);
    const t = texts[lang];
    const details =
      `<h1>${escapeHtml(t.title)}</h1><p class="note">${escapeHtml(t.note)}</p>` +
      `<dl><dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(found.merchant_name)}</dd>` +
      `<dt>${escapeHtml(t.order)}</dt><dd>D${found.id}</dd>` +
      `<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(found.currency)} ${grouped(
        minorToText(found.amount, found.currency_scale),
      )}</dd></dl>`;
    if (found.status !== 'pending') {
      const done = t.done.replace('{status}', t.status[found.status]);
      return page(reply, lang, 200, `${details}<p>${escapeHtml(done)}</p>${backLink(lang, found.id)}`);
    }
    const form =
      `<form method="post" action="/pay/demo/${found.id}/complete">` +
      `<input type="hidden" name="sig" value="${escapeHtml(String(sig))}">` +
      `<input type="hidden" name="lang" value="${lang}">` +
      `<button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>` +
      `<button type="submit" name="action" value="pay" class="pay">${escapeHtml(t.pay)}</button>` +
      `</form>`;
    return page(reply, lang, 200, details + form);
  });

  app.post('/pay/demo/:id/complete', async (request, reply) => {
    const lang = languageOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const found = await order(request, body.sig);
    if (!found || (body.action !== 'pay' && body.action !== 'cancel')) return invalid(reply, lang);
    if (found.status === 'pending') deliver(found, body.action === 'pay' ? 'paid' : 'cancelled');
    return reply
      .header('cache-control', 'no-store')
      .redirect(`/member?page=depositv2&deposit=${found.id}`, 303);
  });
}
