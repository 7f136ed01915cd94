import type { Consolidated } from '@arcadia/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { memberInfo, ok, stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

function logIn(type: number) {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(type);
}

const balance = {
  sumBalance: 10,
  balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: 10 }],
  currency: 'USD',
  currencySymbol: '$',
  currencyScale: 2,
};

const tier = (minimumBet: number, rate: number) => ({
  minimumBet,
  betVolume: minimumBet,
  netLoss: 0,
  activeMember: 2,
  rateType: 'P' as const,
  rate,
  contractRate: rate,
});

function consolidated(withOffer: boolean): Consolidated {
  const offer = {
    id: '41',
    contractId: '41',
    status: 'E' as const,
    period: null,
    details: [tier(100, 0.01), tier(1000, 0.015)],
    hourSalaryRates: [],
    rates: null,
    downlineHigherRate: 'Y' as const,
  };
  return {
    dailysalreqtype: withOffer ? 'CONS' : null,
    dailysalreq: withOffer ? { CONS: [offer] } : {},
    divtypereq: {},
    contracthoursalreq: {},
    realtimesalreqtype: null,
    realtimesalreq: {},
    divtypeinfo: true,
    dailysalinfotype: true,
    contracthoursalinfo: true,
    realtimesalinfo: true,
    contractmrdailysalinfotype: false,
    enableSalary: true,
    enableContract: true,
  };
}

describe('contract offer dialog', () => {
  it('shows an agent its pending offer with the higher-rate warning, and accepts it', async () => {
    logIn(2);
    let pending = true;
    const api = stubApi({
      memberInfo: () => ok(memberInfo({ type: 2, account: 'downagent' })),
      walletBalance: () => ok(balance),
      merchantWallet: () => ok({ isSingle: 0 }),
      contractConsolidated: () => ok(consolidated(pending)),
      processDailySalary: () => {
        pending = false;
        return ok({
          id: '41',
          kind: 'daily',
          member: { id: '1001', account: 'downagent' },
          payer: { id: '1000', account: 'demoagent' },
          version: 2,
          status: 'V',
          period: null,
          details: [tier(100, 0.01), tier(1000, 0.015)],
          rates: null,
          offeredAt: '2026-11-25T00:00:00.000Z',
          acceptedAt: '2026-11-25T00:01:00.000Z',
          endedAt: null,
        });
      },
    });
    renderApp('/', statusFixture());
    const dialog = await screen.findByRole('dialog', { name: 'Daily salary contract' });
    expect(dialog).toHaveTextContent('Renewal offer');
    expect(dialog).toHaveTextContent('≥ $1,000.00');
    expect(dialog).toHaveTextContent('1.50%');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('terminates that downline');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Daily salary contract' })).toBeNull());
    const call = api.calls('processDailySalary')[0]!;
    expect(call.query.get('id')).toBe('41');
    expect(call.query.get('status')).toBe('A');
  }, 20_000);

  it('never asks for the consolidated offers of a trial account or a plain member', async () => {
    for (const type of [4, 0]) {
      logIn(type);
      const api = stubApi({
        memberInfo: () => ok(memberInfo({ type })),
        walletBalance: () => ok(balance),
        merchantWallet: () => ok({ isSingle: 0 }),
        contractConsolidated: () => ok(consolidated(true)),
      });
      const { unmount } = renderApp('/', statusFixture());
      await screen.findAllByRole('banner');
      expect(api.calls('contractConsolidated')).toHaveLength(0);
      unmount();
    }
  }, 20_000);
});
