import { type Endpoint, type EndpointName, endpoints } from '@arcadia/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seeds/seed.js';
import { demoBrand } from '../../seeds/brands/demo.js';
import { isApiPath } from '../../plugins/errors.js';
import { answersJsonOnly } from '../../plugins/security-headers.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createBrandRepository } from '../brand/brand.repository.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { mainBalance, newMember, snapshot } from '../../test/factories/payments.js';

let t: TestApp;
const key = { 'x-ops-key': TEST_OPS_KEY };
const as = (token: string) => ({ authorization: `Ops ${token}` });
const PASSWORD = 'correct horse battery';

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}x${Math.random().toString(36).slice(2, 7)}`;

function createOperator(body: Record<string, unknown>, headers: Record<string, string> = key) {
  return t.app.inject({ method: 'POST', url: '/ops/operators', payload: body, headers });
}

function login(username: string, password = PASSWORD, remoteAddress = '10.1.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: { username, password },
    remoteAddress,
  });
}

/** Creates an operator (with the deployment key) and logs it in. */
async function operator(role: Role, merchantCode?: string) {
  const username = unique(role);
  const created = await createOperator({ username, password: PASSWORD, role, merchantCode });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  const res = await login(username);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { username, id: created.json().value.id as string, token: res.json().value.token as string };
}

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/ops/session/me', headers });

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  // A second brand, for the brand binding.
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
});
afterAll(() => t.close());

describe('operator login', () => {
  it('the demo seed has an admin of every brand who logs in and reads who it is', async () => {
    const res = await login(demoAccounts.operator.username, demoAccounts.operator.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, operator: who } = res.json().value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(who).toMatchObject({ username: 'demoops', role: 'admin', merchantCode: null });
    expect(who.brands.map((b: { code: string }) => b.code)).toEqual(['demo', 'other']);
    expect(who.brands[0]).toEqual({
      code: 'demo',
      name: 'Arcadia Demo',
      currency: 'USD',
      currencySymbol: '$',
      currencyScale: 2,
    });

    // Either header carries the token; only its hash is stored.
    expect((await me(as(token))).json().value).toEqual(who);
    expect((await me({ 'x-ops-token': token })).json().value).toEqual(who);
    const stored = await t.db.selectFrom('operator_session').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    const row = await t.db
      .selectFrom('operator')
      .select(['last_login_at', 'password_hash'])
      .where('username', '=', 'demoops')
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('matches the username whatever its case', async () => {
    const res = await login('DemoOps', demoAccounts.operator.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.operator.username).toBe('demoops');
  });

  it('refuses a wrong password and an unknown operator alike, and opens no session', async () => {
    const before = await t.db
      .selectFrom('operator_session')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const res of [await login('demoops', 'wrong-password-123'), await login('nobody-here', PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'login.failed' });
    }
    const after = await t.db
      .selectFrom('operator_session')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is throttled like member logins: the 10th failure pauses the username, even for the right password', async () => {
    const { username } = await operator('support');
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i += 1) {
      expect((await login(username, 'wrong-password-123', ip)).statusCode).toBe(401);
    }
    const paused = await login(username, PASSWORD, ip);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(paused.json().value.retryAfterSeconds).toBeGreaterThan(0);
    // Another operator from another address is not affected.
    expect((await login('demoops', demoAccounts.operator.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('a disabled operator cannot log in, and its open sessions stop working', async () => {
    const op = await operator('finance');
    await t.db.updateTable('operator').set({ status: 'disabled' }).where('id', '=', op.id).execute();
    expect((await me(as(op.token))).statusCode).toBe(401);
    const res = await login(op.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account.frozen');
  });

  it('logout revokes the session', async () => {
    const op = await operator('support');
    expect((await me(as(op.token))).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: '/ops/session/logout', headers: as(op.token) });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    const after = await me(as(op.token));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('ops.key.invalid');
    const row = await t.db
      .selectFrom('operator_session')
      .select(['revoked_at', 'revoke_reason'])
      .where('operator_id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row.revoke_reason).toBe('logout');
  });

  it('sessions end after 30 idle minutes and after 12 hours in all', async () => {
    const idle = await operator('support');
    await sql`update operator_session set last_seen_at = now() - interval '31 minutes'
              where operator_id = ${idle.id}`.execute(t.db);
    expect((await me(as(idle.token))).statusCode).toBe(401);

    const old = await operator('support');
    await sql`update operator_session set expires_at = now() - interval '1 second'
              where operator_id = ${old.id}`.execute(t.db);
    expect((await me(as(old.token))).statusCode).toBe(401);

    const fresh = await operator('support');
    await sql`update operator_session set last_seen_at = now() - interval '29 minutes'
              where operator_id = ${fresh.id}`.execute(t.db);
    expect((await me(as(fresh.token))).statusCode).toBe(200);
  });

  it('operator and member credentials do not cross', async () => {
    const player = await newMember(t);
    const op = await operator('admin');
    expect((await me(as(player.token))).statusCode).toBe(401);
    expect((await me({ authorization: op.token })).statusCode).toBe(401);
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: op.token },
    });
    expect(info.statusCode).toBe(401);
    expect(info.json().code).toBe('login.not.session');
  });

  it.each([
    ['no credential', {}],
    ['a malformed token', { authorization: 'Ops not a token' }],
    ['an unknown token', { 'x-ops-token': 'A'.repeat(43) }],
    ['a wrong key', { 'x-ops-key': 'wrong-key-wrong-key-wrong' }],
  ])('%s is 401 ops.key.invalid', async (_name, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ops.key.invalid');
  });

  it('the deployment key still works, as an admin of every brand', async () => {
    const res = await me(key);
    expect(res.json().value).toMatchObject({
      id: null,
      username: 'ops-key',
      role: 'admin',
      merchantCode: null,
    });
    const out = await t.app.inject({ method: 'DELETE', url: '/ops/session/logout', headers: key });
    expect(out.statusCode).toBe(200);
    expect((await me(key)).statusCode).toBe(200);
  });
});

// ── roles ───────────────────────────────────────────────────────────────────────────────────
type Role = 'admin' | 'finance' | 'support' | 'content' | 'risk';
/** Every role: the matrix is checked for each. */
const EVERYONE: Role[] = ['admin', 'finance', 'support', 'content', 'risk'];
/** The money desks' readers: payments and their queues. */
const ALL: Role[] = ['admin', 'finance', 'support'];
const FINANCE: Role[] = ['admin', 'finance'];
const ADMIN: Role[] = ['admin'];
const CONTENT_READ: Role[] = ['admin', 'support'];
/** The content and catalogue desks: content and admin edit; support reads too. */
const CONTENT_DESK: Role[] = ['admin', 'content', 'support'];
const CONTENT_EDIT: Role[] = ['admin', 'content'];
/** The brand reports' readers. */
const REPORTS: Role[] = ['admin', 'finance', 'risk'];
const normal = {
  maintenance: { enabled: false, message: null, endTime: null },
  regionBlock: { enabled: false, blockedRanges: [] },
};

/**
 * Every operator route, one request each, and the roles that may send it (the table).
 * Requests name records that do not exist, so an allowed call answers 200, 400 or 404, never 403.
 */
const matrix: Partial<Record<EndpointName, { roles: Role[]; url: string; payload?: object }>> = {
  opsGetAvailability: { roles: ADMIN, url: '/ops/merchants/:m/availability' },
  opsSetAvailability: { roles: ADMIN, url: '/ops/merchants/:m/availability', payload: normal },
  opsDepositList: { roles: ALL, url: '/ops/merchants/:m/deposits' },
  opsDepositApprove: { roles: FINANCE, url: '/ops/merchants/:m/deposits/999999/approve', payload: {} },
  opsDepositReject: {
    roles: FINANCE,
    url: '/ops/merchants/:m/deposits/999999/reject',
    payload: { reason: 'not received' },
  },
  opsWithdrawList: { roles: ALL, url: '/ops/merchants/:m/withdrawals' },
  opsWithdrawApprove: { roles: FINANCE, url: '/ops/merchants/:m/withdrawals/999999/approve', payload: {} },
  opsWithdrawReject: {
    roles: FINANCE,
    url: '/ops/merchants/:m/withdrawals/999999/reject',
    payload: { reason: 'not received' },
  },
  opsWithdrawProof: { roles: ALL, url: '/ops/merchants/:m/withdrawals/999999/proof' },
  opsAdjustment: {
    roles: FINANCE,
    url: '/ops/merchants/:m/adjustments',
    payload: { account: 'nobody-here', amount: 1, reason: 'matrix check', requestId: 'matrix-check-1' },
  },
  opsAuditList: { roles: ADMIN, url: '/ops/merchants/:m/audit' },
  opsSessionMe: { roles: EVERYONE, url: '/ops/session/me' },
  opsSessionLogout: { roles: EVERYONE, url: '/ops/session/logout' },
  opsOperatorList: { roles: ADMIN, url: '/ops/operators' },
  opsOperatorCreate: { roles: ADMIN, url: '/ops/operators', payload: {} },
  opsOperatorStatus: { roles: ADMIN, url: '/ops/operators/999999/status', payload: { status: 'active' } },
  opsDeploymentAudit: { roles: ADMIN, url: '/ops/audit' },
  opsVendorList: { roles: CONTENT_DESK, url: '/ops/merchants/:m/catalogue/vendors' },
  opsVendorUpdate: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/catalogue/vendors/ZZZ', payload: {} },
  opsGameList: { roles: CONTENT_DESK, url: '/ops/merchants/:m/catalogue/games' },
  opsGameUpdate: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/catalogue/games/999999', payload: {} },
  opsAnnouncementList: { roles: CONTENT_DESK, url: '/ops/merchants/:m/announcements' },
  opsAnnouncementCreate: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/announcements', payload: {} },
  opsAnnouncementUpdate: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/announcements/999999', payload: {} },
  opsAnnouncementDelete: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/announcements/999999' },
  opsAgentAnnouncementList: { roles: CONTENT_DESK, url: '/ops/merchants/:m/agent-announcements' },
  opsAgentAnnouncementCreate: {
    roles: CONTENT_EDIT,
    url: '/ops/merchants/:m/agent-announcements',
    payload: {},
  },
  opsAgentAnnouncementUpdate: {
    roles: CONTENT_EDIT,
    url: '/ops/merchants/:m/agent-announcements/999999',
    payload: {},
  },
  opsAgentAnnouncementDelete: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/agent-announcements/999999' },
  // The content desk's own routes (docs/back-office.md "Content"); studio credentials: admin only.
  opsContentUpload: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/content/uploads', payload: {} },
  opsContentPreview: { roles: CONTENT_DESK, url: '/ops/merchants/:m/content/preview', payload: {} },
  opsHelpTopicList: { roles: CONTENT_DESK, url: '/ops/merchants/:m/content/help' },
  opsHelpTopicSave: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/content/help', payload: {} },
  opsHelpTopicDelete: { roles: CONTENT_EDIT, url: '/ops/merchants/:m/content/help/999999' },
  opsVendorCredentialSet: {
    roles: ADMIN,
    url: '/ops/merchants/:m/catalogue/vendors/ZZZ/credential',
    payload: {},
  },
  // In-site messages (docs/inbox.md): support and admin write to members.
  opsInboxList: { roles: CONTENT_READ, url: '/ops/merchants/:m/inbox/messages' },
  opsInboxSend: { roles: CONTENT_READ, url: '/ops/merchants/:m/inbox/messages', payload: {} },
  opsInboxCancel: { roles: CONTENT_READ, url: '/ops/merchants/:m/inbox/messages/999999/cancel', payload: {} },
  // Top agents' contracts (docs/contracts.md): money, so finance and admin.
  opsContractGet: { roles: FINANCE, url: '/ops/merchants/:m/contracts/daily/999999' },
  opsContractSet: { roles: FINANCE, url: '/ops/merchants/:m/contracts/daily/999999', payload: {} },
  opsContractTerminate: { roles: FINANCE, url: '/ops/merchants/:m/contracts/daily/999999' },
  opsContractSettle: { roles: FINANCE, url: '/ops/merchants/:m/contracts/daily/settle', payload: {} },
  // Customer service (docs/support.md): the console is for support and admin.
  opsSupportList: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/conversations' },
  opsSupportDetail: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/conversations/999999' },
  opsSupportMessages: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/conversations/999999/messages' },
  opsSupportSend: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/support/conversations/999999/messages',
    payload: { clientId: 'matrix-check-1', text: 'hi' },
  },
  opsSupportAssign: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/support/conversations/999999/assign',
    payload: {},
  },
  opsSupportClose: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/support/conversations/999999/close',
    payload: {},
  },
  opsSupportRead: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/support/conversations/999999/read',
    payload: {},
  },
  opsSupportAttachment: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/attachments/999999' },
  opsSupportCannedList: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/canned' },
  opsSupportCannedCreate: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/canned', payload: {} },
  opsSupportCannedUpdate: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/support/canned/999999',
    payload: {},
  },
  opsSupportCannedDelete: { roles: CONTENT_READ, url: '/ops/merchants/:m/support/canned/999999' },
  // The house lottery's draws are shared by every brand (docs/lottery.md): all-brand admins.
  opsLotteryRun: { roles: ADMIN, url: '/ops/lottery/run' },
  opsLotteryCancel: { roles: ADMIN, url: '/ops/lottery/cancel', payload: {} },
  opsLotteryOfficial: { roles: ADMIN, url: '/ops/lottery/official', payload: {} },
  opsLotteryResult: { roles: ADMIN, url: '/ops/lottery/result', payload: {} },
  // The house sportsbook is shared by every brand too (docs/sportsbook.md).
  opsSportsFeed: { roles: ADMIN, url: '/ops/sports/feed', payload: {} },
  opsSportsMarket: { roles: ADMIN, url: '/ops/sports/market', payload: {} },
  opsSportsResult: { roles: ADMIN, url: '/ops/sports/result', payload: {} },
  opsSportsRun: { roles: ADMIN, url: '/ops/sports/run' },
  opsLiveVoid: { roles: ADMIN, url: '/ops/live/void', payload: {} },
  opsChatHost: {
    roles: ADMIN,
    url: '/ops/merchants/demo/chat/hosts',
    payload: { account: 'nobody-here', nickname: 'Nobody', reason: 'matrix check' },
  },
  opsChatModerate: {
    roles: CONTENT_READ,
    url: '/ops/merchants/demo/chat/moderate',
    payload: { messageId: '1', reason: 'matrix check' },
  },
  // Rebates (docs/rewards.md): running the daily job pays money (finance, admin); support reads.
  opsRebateRun: { roles: FINANCE, url: '/ops/merchants/:m/rebate/run', payload: {} },
  opsRebateSummary: { roles: ALL, url: '/ops/merchants/:m/rebate' },
  opsVipRun: { roles: FINANCE, url: '/ops/merchants/:m/vip/run', payload: {} },
  opsPointRedemptions: { roles: ALL, url: '/ops/merchants/:m/points/redemptions' },
  opsPointReview: { roles: FINANCE, url: '/ops/merchants/:m/points/redemptions/999999', payload: {} },
  // Referral decisions pay money (finance, admin); support reads the queue.
  opsReferrals: { roles: ALL, url: '/ops/merchants/:m/referrals' },
  opsReferralReview: { roles: FINANCE, url: '/ops/merchants/:m/referrals/999999', payload: {} },
  // Activity applications: deciding issues a bonus (finance, admin); support reads the queue.
  opsApplications: { roles: ALL, url: '/ops/merchants/:m/promotions/applications' },
  opsApplicationImage: { roles: ALL, url: '/ops/merchants/:m/promotions/applications/999999/images/0' },
  opsApplicationReview: {
    roles: FINANCE,
    url: '/ops/merchants/:m/promotions/applications/999999',
    payload: {},
  },
  opsRewardsLiabilities: { roles: ALL, url: '/ops/merchants/:m/rewards/liabilities' },
  opsRewardsSettings: { roles: ALL, url: '/ops/merchants/:m/rewards/settings' },
  opsRewardsSettingsUpdate: { roles: ADMIN, url: '/ops/merchants/:m/rewards/settings', payload: {} },
  // Responsible gaming: a member's limits and breaks, read by admin, support and finance.
  opsRgStatus: { roles: [...ALL, 'risk'], url: '/ops/merchants/:m/members/nobody-here/rg' },
  opsRgDepositLimit: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/members/nobody-here/rg/depositLimit',
    payload: { period: 'week', amount: '100', reason: 'matrix check' },
  },
  opsRgPlayLimit: {
    roles: ['admin', 'support', 'risk'],
    url: '/ops/merchants/:m/members/nobody-here/rg/playLimit',
    payload: { kind: 'loss', period: 'week', amount: '100', reason: 'matrix check' },
  },
  // Players (360°): every role but content reads; admin and support act; risk also writes notes.
  opsPlayerSearch: { roles: ['admin', 'finance', 'support', 'risk'], url: '/ops/merchants/:m/players' },
  opsPlayerDetail: {
    roles: ['admin', 'finance', 'support', 'risk'],
    url: '/ops/merchants/:m/players/nobody-here',
  },
  opsPlayerActivity: {
    roles: ['admin', 'finance', 'support', 'risk'],
    url: '/ops/merchants/:m/players/nobody-here/activity',
  },
  opsPlayerLinked: {
    roles: ['admin', 'finance', 'support', 'risk'],
    url: '/ops/merchants/:m/players/nobody-here/linked',
  },
  opsPlayerNotes: {
    roles: ['admin', 'finance', 'support', 'risk'],
    url: '/ops/merchants/:m/players/nobody-here/notes',
  },
  opsPlayerNoteAdd: {
    roles: ['admin', 'support', 'risk'],
    url: '/ops/merchants/:m/players/nobody-here/notes',
    payload: { text: 'matrix check' },
  },
  opsPlayerStatus: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/players/nobody-here/status',
    payload: { action: 'freeze', reason: 'matrix check' },
  },
  opsPlayerSessionEnd: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/players/nobody-here/sessions/1/end',
    payload: { reason: 'matrix check' },
  },
  opsPlayerPasswordReset: {
    roles: CONTENT_READ,
    url: '/ops/merchants/:m/players/nobody-here/password/reset',
    payload: { reason: 'matrix check' },
  },
  // The Brand page (docs/back-office.md "Brand"): admin edits; content reads and changes the look.
  opsBrandCreate: { roles: ADMIN, url: '/ops/brands', payload: {} },
  opsBrandGet: { roles: ['admin', 'content'], url: '/ops/merchants/:m/brand' },
  opsBrandUpdate: { roles: ADMIN, url: '/ops/merchants/:m/brand', payload: {} },
  opsBrandLook: { roles: ['admin', 'content'], url: '/ops/merchants/:m/brand/look', payload: {} },
  opsBrandLogo: { roles: ['admin', 'content'], url: '/ops/merchants/:m/brand/logo', payload: {} },
  opsBrandModules: { roles: ADMIN, url: '/ops/merchants/:m/brand/modules', payload: {} },
  opsBrandRegisterRules: { roles: ADMIN, url: '/ops/merchants/:m/brand/register-rules', payload: {} },
  opsBrandAvailability: { roles: ADMIN, url: '/ops/merchants/:m/brand/availability', payload: {} },
  // Brand reports (docs/back-office.md "Reports"): read by admin, finance and risk.
  opsReportGgr: { roles: REPORTS, url: '/ops/merchants/:m/reports/ggr?from=2026-11-01&to=2026-11-02' },
  opsReportPayments: {
    roles: REPORTS,
    url: '/ops/merchants/:m/reports/payments?from=2026-11-01&to=2026-11-02',
  },
  opsReportPlayers: {
    roles: REPORTS,
    url: '/ops/merchants/:m/reports/players?from=2026-11-01&to=2026-11-02',
  },
  opsReportTopPlayers: {
    roles: REPORTS,
    url: '/ops/merchants/:m/reports/top-players?from=2026-11-01&to=2026-11-02',
  },
  opsReportCsv: { roles: REPORTS, url: '/ops/merchants/:m/reports/ggr/csv?from=2026-11-01&to=2026-11-02' },
  // The risk desk (docs/back-office.md "Risk"): risk and admin review; support reads.
  opsRiskFlagList: { roles: ['admin', 'risk', 'support'], url: '/ops/merchants/:m/risk/flags' },
  opsRiskFlagReview: {
    roles: ['admin', 'risk'],
    url: '/ops/merchants/:m/risk/flags/999999/review',
    payload: { action: 'clear', reason: 'matrix check' },
  },
  opsRiskSettings: { roles: ['admin', 'risk', 'support'], url: '/ops/merchants/:m/risk/settings' },
  opsRiskSettingsUpdate: { roles: ['admin', 'risk'], url: '/ops/merchants/:m/risk/settings', payload: {} },
  // The agent tree (docs/back-office.md "Agents"): admin moves; finance, support and risk read.
  opsAgentTree: { roles: ['admin', 'finance', 'support', 'risk'], url: '/ops/merchants/:m/agents/tree' },
  opsAgentSearch: {
    roles: ['admin', 'finance', 'support', 'risk'],
    url: '/ops/merchants/:m/agents/search?q=zz',
  },
  opsAgentMove: { roles: ADMIN, url: '/ops/merchants/:m/agents/move', payload: {} },
};
const opsNames = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].auth === 'ops');

function send(name: EndpointName, headers: Record<string, string>, merchant = 'demo') {
  const entry = matrix[name]!;
  return t.app.inject({
    method: endpoints[name].method,
    url: entry.url.replace(':m', merchant),
    headers,
    ...(entry.payload ? { payload: entry.payload } : {}),
  });
}

describe('roles', () => {
  it('the contract names the roles of every operator route, as the matrix says', () => {
    expect(opsNames.sort()).toEqual(Object.keys(matrix).sort());
    for (const name of opsNames)
      expect([...((endpoints[name] as Endpoint).opsRoles ?? [])], name).toEqual(matrix[name]!.roles);
  });

  it.each(EVERYONE)('%s: may call exactly its routes; every other is 403 forbidden', async (role) => {
    for (const name of opsNames) {
      // Logout last would end the session the loop uses: a fresh one per call.
      const { token } = await operator(role);
      const res = await send(name, as(token));
      if (matrix[name]!.roles.includes(role)) {
        expect([401, 403], `${role} ${name}: ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${role} ${name}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
  });

  it("a brand's own admin may not run, cancel or enter results of the lottery's draws, the sportsbook's events or the live tables' rounds, which every brand shares", async () => {
    const { token } = await operator('admin', 'demo');
    const valid = { gameId: 'SSC1', numero: '20261125-001', reason: 'feed down' };
    for (const [url, payload] of [
      ['/ops/lottery/run', undefined],
      ['/ops/lottery/cancel', valid],
      ['/ops/lottery/official', { gameId: 'SSC1', official: true, reason: 'feed' }],
      ['/ops/lottery/result', { ...valid, numbers: ['1', '2', '3', '4', '5'] }],
      ['/ops/sports/run', undefined],
      ['/ops/sports/result', { eventId: '1', result: { kind: 'void' }, reason: 'feed down' }],
      ['/ops/sports/market', { marketId: '1', status: 'suspended', reason: 'feed down' }],
      ['/ops/live/void', { tableCode: 'LIVE_ROULETTE', roundId: '1', reason: 'wheel fault' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: as(token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('support cannot approve or adjust; finance cannot switch availability; nothing is written', async () => {
    const member = await newMember(t);
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/wps/transaction/deposit',
      payload: { channel: 'BANK', amount: 80, requestId: unique('dep-') },
      headers: { authorization: member.token },
    });
    const { depositId } = deposit.json().value;
    const support = await operator('support');
    const finance = await operator('finance');
    const before = await snapshot(t);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/approve`,
      payload: {},
      headers: as(support.token),
    });
    expect(approve.statusCode).toBe(403);
    const adjust = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/adjustments',
      payload: { account: member.account, amount: 5, reason: 'not allowed', requestId: unique('adj-') },
      headers: as(support.token),
    });
    expect(adjust.statusCode).toBe(403);
    const maintenance = await t.app.inject({
      method: 'PUT',
      url: '/ops/merchants/demo/availability',
      payload: { ...normal, maintenance: { enabled: true, message: 'no', endTime: null } },
      headers: as(finance.token),
    });
    expect(maintenance.statusCode).toBe(403);
    expect(maintenance.json().code).toBe('forbidden');

    expect(await snapshot(t)).toEqual(before);
    expect(await mainBalance(t, member.token)).toBe(0);
    const status = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(status.json().value.systemStatus).toBe(0);
    // Support still reads the queue.
    const queue = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/deposits?status=pending',
      headers: as(support.token),
    });
    expect(queue.json().value.list.map((d: { depositId: string }) => d.depositId)).toContain(depositId);
  });

  it('an operator bound to a brand acts on that brand only: any other is 404', async () => {
    const bound = await operator('admin', 'demo');
    for (const name of opsNames.filter((n) => endpoints[n].path.includes(':merchantCode'))) {
      const other = await send(name, as(bound.token), 'other');
      expect(other.statusCode, name).toBe(404);
      expect(other.json().code).toBe('not.found');
      const own = await send(name, as(bound.token), 'demo');
      expect([401, 403], `${name}: ${own.body}`).not.toContain(own.statusCode);
      if (own.statusCode === 404) expect(own.json().value, name).not.toHaveProperty('merchant');
    }
    const ownQueue = await send('opsDepositList', as(bound.token), 'DEMO');
    expect(ownQueue.statusCode).not.toBe(403);
    expect((await me(as(bound.token))).json().value).toMatchObject({
      merchantCode: 'demo',
      brands: [expect.objectContaining({ code: 'demo' })],
    });
  });
});

// ── the audit log names the operator ────────────────────────────────────────────────────────
describe('audit', () => {
  it('records the operator’s name for payment decisions and adjustments; the key stays ops-key', async () => {
    const member = await newMember(t);
    const finance = await operator('finance');
    const { depositId } = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/transaction/deposit',
        payload: { channel: 'BANK', amount: 120, requestId: unique('dep-') },
        headers: { authorization: member.token },
      })
    ).json().value;
    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/approve`,
      payload: { note: 'seen on statement' },
      headers: { 'x-ops-token': finance.token },
    });
    expect(approve.statusCode).toBe(200);
    const adjust = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/adjustments',
      payload: { account: member.account, amount: -20, reason: 'fee correction', requestId: unique('adj-') },
      headers: as(finance.token),
    });
    expect(adjust.statusCode).toBe(200);
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/adjustments',
      payload: { account: member.account, amount: 1, reason: 'break glass', requestId: unique('adj-') },
      headers: key,
    });
    expect(byKey.statusCode).toBe(200);
    expect(await mainBalance(t, member.token)).toBe(101);

    const log = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?pageSize=3',
      headers: key,
    });
    const [third, second, first] = log.json().value.list;
    expect(first).toMatchObject({
      actor: `operator:${finance.username}`,
      action: 'deposit.approve',
      target: `deposit:${depositId}`,
      payload: { note: 'seen on statement' },
    });
    expect(second).toMatchObject({ actor: `operator:${finance.username}`, action: 'adjustment' });
    expect(third).toMatchObject({ actor: 'ops-key', action: 'adjustment' });
    const posting = await t.db
      .selectFrom('ledger_transaction')
      .select('metadata')
      .where('id', '=', adjust.json().value.transactionId)
      .executeTakeFirstOrThrow();
    expect(posting.metadata).toMatchObject({ actor: `operator:${finance.username}` });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

// ── operator accounts ───────────────────────────────────────────────────────────────────────
describe('operator accounts', () => {
  it('an admin creates and lists operators; each creation is audited', async () => {
    const admin = await operator('admin');
    const username = unique('Clerk');
    const res = await createOperator(
      { username, password: PASSWORD, role: 'support', merchantCode: 'demo' },
      as(admin.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      username,
      role: 'support',
      merchantCode: 'demo',
      status: 'active',
      lastLoginAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/ops/operators', headers: as(admin.token) });
    const names = list.json().value.list.map((o: { username: string }) => o.username);
    expect(names).toContain(username);
    expect(names).toContain('demoops');
    expect(JSON.stringify(list.json())).not.toContain('argon2');

    // Bound to the brand: audited in the brand's log, by the admin's name.
    const log = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?action=operator.create&pageSize=1',
      headers: key,
    });
    expect(log.json().value.list[0]).toMatchObject({
      actor: `operator:${admin.username}`,
      action: 'operator.create',
      target: `operator:${res.json().value.id}`,
      payload: { username, role: 'support', merchantCode: 'demo' },
    });
    expect(JSON.stringify(log.json())).not.toContain(PASSWORD);

    // Of every brand: in the deployment log.
    const global = await createOperator(
      { username: unique('Chief'), password: PASSWORD, role: 'admin' },
      as(admin.token),
    );
    const deployment = await t.app.inject({
      method: 'GET',
      url: '/ops/audit?pageSize=1',
      headers: as(admin.token),
    });
    expect(deployment.json().value.list[0]).toMatchObject({
      actor: `operator:${admin.username}`,
      action: 'operator.create',
      target: `operator:${global.json().value.id}`,
    });
  });

  it('usernames are unique whatever their case; passwords have at least 12 characters', async () => {
    const taken = await createOperator({ username: 'DEMOOPS', password: PASSWORD, role: 'support' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('account.exists');
    const short = await createOperator({
      username: unique('shorty'),
      password: 'elevenchars',
      role: 'support',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().value.fields).toHaveProperty('password');
    const role = await createOperator({ username: unique('boss'), password: PASSWORD, role: 'owner' });
    expect(role.statusCode).toBe(400);
    const brand = await createOperator({
      username: unique('lost'),
      password: PASSWORD,
      role: 'support',
      merchantCode: 'nobrand',
    });
    expect(brand.statusCode).toBe(404);
  });

  it('an admin bound to a brand manages that brand’s operators only', async () => {
    const bound = await operator('admin', 'demo');
    const everyBrand = await createOperator(
      { username: unique('wide'), password: PASSWORD, role: 'support' },
      as(bound.token),
    );
    expect(everyBrand.statusCode).toBe(403);
    const other = await createOperator(
      { username: unique('far'), password: PASSWORD, role: 'support', merchantCode: 'other' },
      as(bound.token),
    );
    expect(other.statusCode).toBe(404);
    const own = await createOperator(
      { username: unique('near'), password: PASSWORD, role: 'finance', merchantCode: 'demo' },
      as(bound.token),
    );
    expect(own.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/ops/operators', headers: as(bound.token) });
    const brands = new Set(
      list.json().value.list.map((o: { merchantCode: string | null }) => o.merchantCode),
    );
    expect([...brands]).toEqual(['demo']);
    const deployment = await t.app.inject({ method: 'GET', url: '/ops/audit', headers: as(bound.token) });
    expect(deployment.statusCode).toBe(403);
  });

  it('an admin disables an operator (its sessions end at once) and enables it again; both audited', async () => {
    const admin = await operator('admin');
    const target = await operator('support');
    const setStatus = (id: string, status: string, headers = as(admin.token)) =>
      t.app.inject({ method: 'PUT', url: `/ops/operators/${id}/status`, payload: { status }, headers });

    const off = await setStatus(target.id, 'disabled');
    expect(off.statusCode).toBe(200);
    expect(off.json().value).toMatchObject({ id: target.id, status: 'disabled' });
    expect((await me(as(target.token))).statusCode).toBe(401);
    expect((await login(target.username)).json().code).toBe('account.frozen');

    expect((await setStatus(target.id, 'active')).json().value.status).toBe('active');
    expect((await login(target.username)).statusCode).toBe(200);
    // The session that was open when it was disabled stays ended.
    expect((await me(as(target.token))).statusCode).toBe(401);

    const actions = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor'])
      .where('target', '=', `operator:${target.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['operator.create', 'operator.disable', 'operator.enable']);
    expect(actions[1]!.actor).toBe(`operator:${admin.username}`);

    // Nobody disables themselves; a bad status or id is a clear 400; an unknown id a 404.
    expect((await setStatus(admin.id, 'disabled')).statusCode).toBe(403);
    expect((await setStatus(target.id, 'gone')).json().code).toBe('request_param_err');
    expect((await setStatus('abc', 'disabled')).statusCode).toBe(400);
    expect((await setStatus('999999999', 'disabled')).statusCode).toBe(404);
  });

  it('a brand-bound admin cannot reach another brand’s or an every-brand operator’s status; finance cannot at all', async () => {
    const bound = await operator('admin', 'demo');
    const wide = await operator('support');
    const far = await operator('support', 'other');
    for (const id of [wide.id, far.id]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/ops/operators/${id}/status`,
        payload: { status: 'disabled' },
        headers: as(bound.token),
      });
      expect(res.statusCode).toBe(404);
    }
    const finance = await operator('finance');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/ops/operators/${far.id}/status`,
      payload: { status: 'disabled' },
      headers: as(finance.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await me(as(far.token))).statusCode).toBe(200);
  });

  it('finance and support cannot manage operators', async () => {
    for (const role of ['finance', 'support'] as const) {
      const op = await operator(role);
      const res = await createOperator(
        { username: unique('sneaky'), password: PASSWORD, role: 'admin' },
        as(op.token),
      );
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the operator page', () => {
  it('/ops is a page of the web app; /ops/… is the API', () => {
    expect(isApiPath('/ops')).toBe(false);
    expect(isApiPath('/ops?x=1')).toBe(false);
    expect(isApiPath('/ops/session/me')).toBe(true);
    expect(isApiPath('/wps')).toBe(true);
    // The back office's pages, opened or reloaded directly, are the app too; the API beside them is not.
    for (const page of ['/ops/players', '/ops/reports', '/ops/audit-log', '/ops/brand?tab=look'])
      expect(isApiPath(page), page).toBe(false);
    expect(isApiPath('/ops/audit')).toBe(true);
    expect(isApiPath('/ops/brands')).toBe(true);
    expect(isApiPath('/ops/players/x')).toBe(true);
    // …and get a document's security headers (its scripts may load), the API the JSON set.
    for (const page of ['/ops', '/ops/brand', '/ops/audit-log?x=1'])
      expect(answersJsonOnly(page), page).toBe(false);
    expect(answersJsonOnly('/ops/brands')).toBe(true);
    expect(answersJsonOnly('/ops/merchants/demo/brand')).toBe(true);
  });
});

describe('seed', () => {
  it('production (DEMO=0) seeds no operator', async () => {
    const prod = await buildTestApp({ demo: false });
    try {
      const rows = await prod.db.selectFrom('operator').select('username').execute();
      expect(rows).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
