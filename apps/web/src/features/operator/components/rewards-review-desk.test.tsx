import { rewardsSettingsSchema } from '@arcadia/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { OperatorConsole } from './operator-console';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const page = { list: [], pageNo: 1, totalPages: 0, totalCount: 0 };
const application = {
  id: '7',
  promotionId: 'big-win-share',
  title: 'Share your big win',
  comment: 'x62 on dice',
  images: [{ mime: 'image/png' as const, width: 640, height: 480 }],
  status: 'applying' as const,
  amount: 0,
  reason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  reviewedAt: null,
  account: 'winner1',
};
const redemption = {
  id: '9',
  rewardId: 'mug',
  rewardName: 'Arcadia mug',
  kind: 'goods' as const,
  quantity: 2,
  points: 400,
  amount: null,
  address: '1 Test Street, Bangkok',
  status: 'process' as const,
  note: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  reviewedAt: null,
  account: 'collector',
};

let rewardsSettings = rewardsSettingsSchema.parse({
  rebate: {},
  vip: {},
  points: {},
  promotions: {},
  referral: { enabled: true, reward: 20, minDeposit: 100, minValidBet: 500 },
  missions: {},
  redRain: {},
});

beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
});

function open(role: 'admin' | 'finance' | 'support') {
  let waiting = [application];
  let goods = [redemption];
  const api = stubApi({
    opsSessionMe: () => ok({ id: '1', username: 'op', role, merchantCode: 'demo', brands: [brand] }),
    opsDepositList: () => ok(page),
    opsWithdrawList: () => ok(page),
    opsAuditList: () => ok(page),
    opsInboxList: () => ok(page),
    opsSupportList: () => ok(page),
    opsRebateSummary: () =>
      ok({
        settings: { enabled: true, rates: {}, minPayout: 0.1 },
        days: [],
        outstanding: 0,
        manualToday: 0,
      }),
    opsApplications: () => ok({ list: waiting, total: waiting.length }),
    opsApplicationImage: () => ok({ mime: 'image/png', data: 'iVBORw0KGgo=' }),
    opsApplicationReview: () => {
      waiting = [];
      return ok({ ...application, status: 'issued', amount: 10 });
    },
    opsReferrals: () => ok({ list: [], total: 0 }),
    opsRewardsLiabilities: () =>
      ok({
        openBonuses: { count: 3, amount: 120 },
        pointsOutstanding: 4500,
        escrow: 88,
        waiting: { applications: 1, goods: 1, referrals: 0 },
        raffles: { outstanding: { count: 2, amount: 50 }, list: [] },
      }),
    opsPointRedemptions: () => ok({ list: goods, pageNo: 1, totalPages: 1, totalCount: goods.length }),
    opsRewardsSettings: () => ok(rewardsSettings),
    opsRewardsSettingsUpdate: (req) => {
      const body = req.body as { feature: 'referral'; value: typeof rewardsSettings.referral };
      rewardsSettings = { ...rewardsSettings, [body.feature]: body.value };
      return ok(rewardsSettings);
    },
    opsPointReview: () => {
      goods = [];
      return ok({ ...redemption, status: 'approved' });
    },
  });
  renderWithProviders(<OperatorConsole />, statusFixture(), '/ops/rewards');
  return api;
}

describe('rewards review desk', () => {
  it('approves an application with a reason, after looking at its image (finance)', async () => {
    const api = open('finance');
    const desk = await screen.findByRole('region', { name: 'Rewards review' });
    const item = await within(desk).findByTestId('application-7');
    expect(item).toHaveTextContent('x62 on dice');
    expect(await within(desk).findByTestId('rewards-liabilities')).toHaveTextContent(
      '3 open bonuses120.00 USDPoints outstanding4,500Red envelopes in escrow88.00 USD2 raffle prizes to claim50.00 USD',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Image 1 · 640×480' }));
    expect(await screen.findByRole('img', { name: 'Image attached by winner1' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const approve = within(item).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    await userEvent.type(within(item).getByLabelText('Reason (required)'), 'verified');
    await userEvent.click(approve);
    await waitFor(() => expect(within(desk).queryByTestId('application-7')).toBeNull());
    expect(api.calls('opsApplicationReview')[0]!.body).toEqual({ action: 'approve', reason: 'verified' });
  });

  it('ships goods with a note', async () => {
    const api = open('admin');
    const desk = await screen.findByRole('region', { name: 'Rewards review' });
    const item = await within(desk).findByTestId('redemption-9');
    expect(item).toHaveTextContent('2 × Arcadia mug for 400 points');
    await userEvent.type(within(item).getByLabelText('Note (required)'), 'tracking TH123');
    await userEvent.click(within(item).getByRole('button', { name: 'Shipped' }));
    await waitFor(() => expect(within(desk).queryByTestId('redemption-9')).toBeNull());
    expect(api.calls('opsPointReview')[0]!.body).toEqual({ decision: 'approve', note: 'tracking TH123' });
  });

  it('lets support read the queues without deciding', async () => {
    open('support');
    const desk = await screen.findByRole('region', { name: 'Rewards review' });
    const item = await within(desk).findByTestId('application-7');
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('rewards settings desk', () => {
  it('checks a feature against its schema before saving it with a reason (admin)', async () => {
    const api = open('admin');
    const desk = await screen.findByRole('region', { name: 'Rewards settings' });
    await userEvent.click(within(desk).getByRole('tab', { name: 'Referral' }));
    const json = await within(desk).findByLabelText('Referral (JSON)');
    expect((json as HTMLTextAreaElement).value).toContain('"reward": 20');
    fireEvent.change(json, { target: { value: '{"enabled": true, "reward": -5}' } });
    await userEvent.type(within(desk).getByLabelText('Reason (required)'), 'raise the reward');
    await userEvent.click(within(desk).getByRole('button', { name: 'Save' }));
    expect(await within(desk).findByTestId('settings-problems')).toHaveTextContent('value.reward');
    expect(api.calls('opsRewardsSettingsUpdate')).toHaveLength(0);
    fireEvent.change(json, {
      target: {
        value: '{"enabled": true, "reward": 25, "minDeposit": 100, "minValidBet": 500, "windowDays": 30}',
      },
    });
    await userEvent.click(within(desk).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('opsRewardsSettingsUpdate')).toHaveLength(1));
    expect(api.calls('opsRewardsSettingsUpdate')[0]!.body).toMatchObject({
      feature: 'referral',
      value: { reward: 25 },
      reason: 'raise the reward',
    });
  });

  it('is read-only for finance', async () => {
    open('finance');
    const desk = await screen.findByRole('region', { name: 'Rewards settings' });
    expect(await within(desk).findByLabelText('Rebate (JSON)')).toHaveAttribute('readonly');
    expect(within(desk).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
