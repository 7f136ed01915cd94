import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type RouteDescriptor, errorCatalogue } from '@arcadia/contract';
import type { CallerKind, FuzzCase, Tamper } from './cases.js';

/**
 * Sends fuzz cases (cases.ts) to the app and judges the replies. The transport is the caller's:
 * `app.inject` in the test suite, HTTP in the bench. The session keeps each caller logged in: a
 * fuzzed logout or a disabled operator only costs a new login (or the operator key).
 */

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The client's address (the test's `remoteAddress`; the bench sends it as X-Forwarded-For). */
  client: string;
}
export interface WireReply {
  status: number;
  headers: Readonly<Record<string, unknown>>;
  body: Buffer;
}
export type Transport = (request: WireRequest) => Promise<WireReply>;

export interface Account {
  account: string;
  password: string;
}

export interface SessionOptions {
  transport: Transport;
  routes: readonly RouteDescriptor[];
  member: Account;
  agent: Account;
  operator: { username: string; password: string };
  /** The deployment's break-glass key: the operator's fallback, and how availability is restored. */
  opsKey: string;
  merchant: string;
  /**
   * A fingerprint of the money (ledger rows): taken around every refused call that could move
   * money, which must leave it as it was. Only where calls run one at a time.
   */
  ledgerFootprint?: () => Promise<string>;
}

/** The address the session's own calls (logins, restores) come from, apart from the fuzzed ones. */
const HOME_CLIENT = '10.78.0.1';

/** A JSON envelope, or null. */
function parseJson(reply: WireReply): unknown {
  const encoding = String(reply.headers['content-encoding'] ?? '');
  let body = reply.body;
  try {
    if (encoding === 'gzip') body = gunzipSync(body);
    else if (encoding === 'br') body = brotliDecompressSync(body);
    else if (encoding === 'deflate') body = inflateSync(body);
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * What is wrong with a reply, or null: no 5xx ever; a refusal is the error envelope with a code
 * from the catalogue and that code's status (`request_param_err` also with 413, 414 and 415:
 * Fastify's own refusals of a body or a URL); a success is the success envelope.
 */
export function replyProblem(reply: WireReply): string | null {
  if (reply.status >= 500) return `HTTP ${reply.status}: ${reply.body.toString('utf8').slice(0, 300)}`;
  // The one success outside the envelope: a report's CSV file (`opsReportCsv`), an attachment.
  const type = String(reply.headers['content-type'] ?? '');
  if (reply.status === 200 && type.startsWith('text/csv')) {
    const disposition = String(reply.headers['content-disposition'] ?? '');
    return disposition.startsWith('attachment') ? null : 'a CSV reply that is not an attachment';
  }
  const json = parseJson(reply) as {
    success?: unknown;
    code?: unknown;
    message?: unknown;
    value?: unknown;
  } | null;
  if (json === null || typeof json !== 'object') return `HTTP ${reply.status}: the reply is not JSON`;
  if (reply.status >= 200 && reply.status < 300) {
    return json.success === true && 'value' in json
      ? null
      : `HTTP ${reply.status} without the success envelope`;
  }
  if (reply.status < 400) return `unexpected HTTP ${reply.status}`;
  if (json.success !== false) return `HTTP ${reply.status} without success: false`;
  const code = json.code;
  if (typeof code !== 'string' || !(code in errorCatalogue))
    return `HTTP ${reply.status} with unknown code ${String(code)}`;
  if (typeof json.message !== 'string' || json.message === '') return `${code} without a message`;
  const expected = errorCatalogue[code as keyof typeof errorCatalogue].status;
  const fastifyRefusal = code === 'request_param_err' && [413, 414, 415].includes(reply.status);
  if (reply.status !== expected && !fastifyRefusal)
    return `${code} with HTTP ${reply.status} (catalogue: ${expected})`;
  return null;
}

export interface SentCase {
  request: WireRequest;
  reply: WireReply;
  ms: number;
  problem: string | null;
}

export class FuzzSession {
  private tokens: Record<Exclude<CallerKind, 'visitor'>, string | null> = {
    member: null,
    agent: null,
    operator: null,
  };
  /** The operator could not log in (disabled by a fuzzed call): it uses the key from then on. */
  private operatorUsesKey = false;
  private publicKey = '';
  private houseToken: string | null = null;
  private availability: unknown = null;

  private constructor(private readonly options: SessionOptions) {}

  /** Logs every caller in, fetches the body key, launches a house game for the member. */
  static async open(options: SessionOptions): Promise<FuzzSession> {
    const session = new FuzzSession(options);
    session.publicKey = (
      (await session.json('GET', '/wps/session/key/rsa')) as { publicKey: string }
    ).publicKey;
    await session.login('member');
    await session.login('agent');
    await session.login('operator');
    session.availability = await session.json('GET', `/ops/merchants/${options.merchant}/availability`, {
      'x-ops-key': options.opsKey,
    });
    session.houseToken = await session.launchHouseGame();
    return session;
  }

  /** A call of the session's own that must succeed; its `value`. */
  private async json(method: string, url: string, headers: Record<string, string> = {}, body?: unknown) {
    const reply = await this.options.transport({
      method,
      url,
      headers: {
        merchant: this.options.merchant,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      client: HOME_CLIENT,
    });
    const json = parseJson(reply) as { success?: boolean; value?: unknown } | null;
    if (reply.status !== 200 || !json?.success) {
      throw new Error(
        `${method} ${url} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 500)}`,
      );
    }
    return json.value;
  }

  private seal(text: string) {
    const aesKey = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
    const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    const wrapped = publicEncrypt(
      { key: this.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      aesKey,
    );
    return { header: wrapped.toString('base64'), iv, ciphertext, tag: cipher.getAuthTag() };
  }

  /** Logins in flight: concurrent requests that all found their session ended share one. */
  private readonly loggingIn = new Map<CallerKind, Promise<void>>();

  private login(caller: Exclude<CallerKind, 'visitor'>): Promise<void> {
    let pending = this.loggingIn.get(caller);
    if (!pending) {
      pending = this.loginNow(caller).finally(() => this.loggingIn.delete(caller));
      this.loggingIn.set(caller, pending);
    }
    return pending;
  }

  private async loginNow(caller: Exclude<CallerKind, 'visitor'>): Promise<void> {
    if (caller === 'operator') {
      try {
        const { username, password } = this.options.operator;
        const value = (await this.json('POST', '/ops/session/login', {}, { username, password })) as {
          token: string;
        };
        this.tokens.operator = value.token;
      } catch {
        this.operatorUsesKey = true;
      }
      return;
    }
    const { account, password } = this.options[caller];
    const sealed = this.seal(JSON.stringify({ username: account, password }));
    const value = Buffer.concat([sealed.iv, sealed.ciphertext, sealed.tag]).toString('base64');
    const reply = (await this.json(
      'POST',
      '/wps/session/login',
      { encryption: sealed.header },
      { value },
    )) as {
      token: string;
    };
    this.tokens[caller] = reply.token;
  }

  /** The member's launch token of a house game (its `/house/api` calls need one). */
  private async launchHouseGame(): Promise<string | null> {
    const auth = { authorization: this.tokens.member ?? '' };
    const list = (await this.json('GET', '/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=24', auth)) as {
      games: { nodeId?: unknown; gameId?: unknown }[];
    };
    const game = list.games[0];
    if (!game) return null;
    const node = String(game.nodeId ?? game.gameId);
    const launched = (await this.json(
      'GET',
      `/wps/game/launchGame?nodeId=${encodeURIComponent(node)}`,
      auth,
    )) as {
      content: { game_url: string };
    };
    return new URL(launched.content.game_url, 'http://localhost').searchParams.get('token');
  }

  /** The credential headers of `caller`, sent the way `c.credential` says. */
  private credentialHeaders(c: FuzzCase): Record<string, string> {
    const own = c.caller === 'visitor' ? null : this.tokens[c.caller];
    const opsForm = (token: string): Record<string, string> =>
      c.credential === 'own-ops-token-header' ? { 'x-ops-token': token } : { authorization: `Ops ${token}` };
    switch (c.credential) {
      case 'none':
        return {};
      case 'ops-key':
        return { 'x-ops-key': this.options.opsKey };
      case 'wrong-ops-key':
        return { 'x-ops-key': `${this.options.opsKey}x` };
      case 'garbage':
        return c.caller === 'operator'
          ? { authorization: 'Ops AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }
          : { authorization: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
      case 'truncated':
        if (!own) return {};
        return c.caller === 'operator' ? opsForm(own.slice(0, -1)) : { authorization: own.slice(0, -1) };
      case 'other-caller': {
        // A member's token where an operator's goes, and the other way round.
        const other = c.caller === 'operator' ? this.tokens.member : this.tokens.operator;
        return other ? { authorization: c.caller === 'operator' ? other : `Ops ${other}` } : {};
      }
      default:
        if (c.caller === 'visitor') return {};
        if (c.caller === 'operator') {
          if (this.operatorUsesKey || !own) return { 'x-ops-key': this.options.opsKey };
          return opsForm(own);
        }
        return own ? { authorization: c.credential === 'own-bearer' ? `Bearer ${own}` : own } : {};
    }
  }

  /** The request a case stands for, with credentials and a sealed body. */
  request(c: FuzzCase): WireRequest {
    const route = this.options.routes[c.route]!;
    const url = `${route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => c.path[name] ?? 'x')}${c.query ? `?${c.query}` : ''}`;
    const headers: Record<string, string> = { merchant: this.options.merchant, ...this.credentialHeaders(c) };
    if (route.path.startsWith('/house/') && c.caller === 'member' && this.houseToken) {
      headers['x-game-token'] = this.houseToken;
    }
    let body: string | undefined;
    if (c.body.kind === 'text') {
      body = c.body.text;
      if (c.body.contentType) headers['content-type'] = c.body.contentType;
    } else if (c.body.kind === 'sealed') {
      const sealed = this.sealTampered(c.body.text, c.body.tamper);
      headers['content-type'] = 'application/json';
      if (sealed.header !== null) headers.encryption = sealed.header;
      body = sealed.body;
    }
    for (const [name, value] of Object.entries(c.headers)) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    return {
      method: route.method,
      url,
      headers,
      ...(body === undefined ? {} : { body }),
      client: `10.77.0.${c.client}`,
    };
  }

  private sealTampered(text: string, tamper: Tamper): { header: string | null; body: string } {
    const s = this.seal(text);
    let { header } = s;
    let { iv, ciphertext, tag } = s;
    const flip = (b: Buffer) => {
      const copy = Buffer.from(b);
      if (copy.length > 0) copy[0] = copy[0]! ^ 0x01;
      return copy;
    };
    switch (tamper) {
      case 'header-missing':
        return {
          header: null,
          body: JSON.stringify({ value: Buffer.concat([iv, ciphertext, tag]).toString('base64') }),
        };
      case 'header-not-base64':
        header = `${header.slice(0, 20)}*!$`;
        break;
      case 'header-short':
        header = header.slice(0, 40);
        break;
      case 'header-of-other-body':
        header = this.seal(text).header;
        break;
      case 'value-missing':
        return { header, body: '{}' };
      case 'value-not-string':
        return { header, body: JSON.stringify({ value: [1, 2, 3] }) };
      case 'value-not-base64':
        return { header, body: JSON.stringify({ value: 'not base64 at all!' }) };
      case 'value-short':
        return { header, body: JSON.stringify({ value: Buffer.alloc(20).toString('base64') }) };
      case 'ciphertext-flipped':
        ciphertext = flip(ciphertext);
        break;
      case 'tag-flipped':
        tag = flip(tag);
        break;
      case 'plain-body':
        return { header, body: text };
      default:
        iv = s.iv;
    }
    return {
      header,
      body: JSON.stringify({ value: Buffer.concat([iv, ciphertext, tag]).toString('base64') }),
    };
  }

  /** Sends one case and judges the reply; keeps the callers logged in and the brand open. */
  async send(c: FuzzCase): Promise<SentCase> {
    const route = this.options.routes[c.route]!;
    const request = this.request(c);
    const money =
      this.options.ledgerFootprint && route.method !== 'GET' ? this.options.ledgerFootprint : null;
    const before = money ? await money() : null;
    const started = performance.now();
    const reply = await this.options.transport(request);
    const ms = performance.now() - started;
    let problem = replyProblem(reply);
    if (money && problem === null && reply.status >= 400) {
      const after = await money();
      if (after !== before)
        problem = `refused (${reply.status}) but the ledger changed: ${before} → ${after}`;
    }
    await this.afterReply(c, route, reply);
    return { request, reply, ms, problem };
  }

  private async afterReply(c: FuzzCase, route: RouteDescriptor, reply: WireReply) {
    // Cases keep the brand open (keepBrandOpen); should a changed availability slip through, the
    // brand is put back at once, or every later call would be a 503 or a 403.
    if (
      route.auth === 'ops' &&
      route.method === 'PUT' &&
      route.path.endsWith('/availability') &&
      reply.status < 300
    ) {
      await this.json(
        'PUT',
        `/ops/merchants/${this.options.merchant}/availability`,
        { 'x-ops-key': this.options.opsKey },
        this.availability,
      );
    }
    if (reply.status !== 401) return;
    // The caller's own credential refused where it belongs: a fuzzed logout or password change
    // ended the session, or the operator was disabled. A refusal on another caller's route says nothing.
    const own =
      c.credential === 'own' || c.credential === 'own-bearer' || c.credential === 'own-ops-token-header';
    const code = (parseJson(reply) as { code?: unknown } | null)?.code;
    if (own && c.caller === 'operator' && route.auth === 'ops' && code === 'ops.key.invalid') {
      await this.login('operator');
    } else if (own && (c.caller === 'member' || c.caller === 'agent') && code === 'login.not.session') {
      await this.login(c.caller);
    } else if (
      c.caller === 'member' &&
      route.path.startsWith('/house/') &&
      c.headers['x-game-token'] === undefined &&
      code === 'game.token.invalid'
    ) {
      this.houseToken = await this.launchHouseGame().catch(() => null);
    }
  }
}

/** Counts of a run, for the bench's figures and the test's summary. */
export class FuzzStats {
  requests = 0;
  fiveXx = 0;
  slowestMs = 0;
  slowest = '';
  problemCount = 0;
  readonly byStatus = new Map<number, number>();
  /** The first 50 problems, described. */
  readonly problems: string[] = [];

  add(c: FuzzCase, sent: SentCase) {
    this.requests++;
    const status = sent.reply.status;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    if (status >= 500) this.fiveXx++;
    if (sent.ms > this.slowestMs) {
      this.slowestMs = sent.ms;
      this.slowest = `${sent.request.method} ${sent.request.url.slice(0, 120)} (${c.mutation})`;
    }
    if (sent.problem !== null) this.problemCount++;
    if (sent.problem !== null && this.problems.length < 50) {
      this.problems.push(
        `${sent.request.method} ${sent.request.url.slice(0, 200)} [${c.caller}, ${c.mutation}]: ${sent.problem}`,
      );
    }
  }
}
