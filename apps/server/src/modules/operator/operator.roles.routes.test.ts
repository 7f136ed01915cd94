import { type Endpoint, type EndpointName, endpoints } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { mainBalance, newMember, snapshot } from '../../test/factories/payments.js';
import {
  type Role,
  as,
  buildOperatorTestApp,
  operatorClient,
  unique,
} from '../../test/factories/operator.js';

let t: TestApp;
const { operator, me } = operatorClient(() => t);

beforeAll(async () => {
  t = await buildOperatorTestApp();
});
afterAll(() => t.close());

// ── roles ───────────────────────────────────────────────────────────────────────────────────
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
