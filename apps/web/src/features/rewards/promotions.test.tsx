import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { fail, memberInfo, ok, stubApi, walletBalance } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

const promotion = (id: string, over: Record<string, unknown>) => ({
  id,
  kind: 'first_deposit',
  category: 'deposit',
  title: `Title ${id}`,
  summary: `Summary ${id}`,
  content: '<p>Rules</p><img src="x" onerror="alert(1)">',
  startsAt: null,
  endsAt: null,
  wagering: 10,
  status: 'claim',
  claimable: 50,
  reason: null,
  ...over,
});

describe('promotions', () => {
  it('lists the promotions with their statuses, claims one and shows its rules sanitised', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-1');
    useSessionStore.getState().setMemberType(0);
    let claimed = false;
    const api = stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      promotionList: () =>
        ok({
          list: [
            promotion('welcome', claimed ? { status: 'claimed', claimable: null } : {}),
            promotion('rescue', {
              kind: 'rescue',
              category: 'vip',
              status: 'process',
              claimable: null,
              reason: 'promotion.vip_required',
            }),
          ],
        }),
      promotionClaim: () => {
        if (claimed) return fail(409, 'promotion.claimed', 'claimed');
        claimed = true;
        return ok({
          grant: {
            id: '1',
            promotionId: 'welcome',
            title: 'Title welcome',
            amount: 50,
            required: 500,
            status: 'open',
            grantedAt: '2026-11-26T10:00:00.000Z',
            closedAt: null,
          },
          balance: 60,
          turnoverLeft: 500,
        });
      },
    });
    renderApp('/promotions', statusFixture());
    const list = await screen.findByRole('list', { name: 'Promotions' });
    const rescue = within(list).getByText('Title rescue').closest('li')!;
    expect(within(rescue).getByRole('button', { name: 'Not yet' })).toBeDisabled();
    expect(within(rescue).getByText('For higher VIP tiers.')).toBeInTheDocument();
    const welcome = within(list).getByText('Title welcome').closest('li')!;
    await userEvent.click(within(welcome).getByRole('button', { name: 'Claim $50.00' }));
    expect(await screen.findByText('$50.00 bonus credited to your wallet.')).toBeInTheDocument();
    await waitFor(() => expect(within(welcome).getByRole('button', { name: 'Claimed' })).toBeDisabled());
    expect(api.calls('promotionClaim')[0]!.body).toEqual({ promotionId: 'welcome' });
    await userEvent.click(within(welcome).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Title welcome' });
    expect(within(dialog).getByText('Rules')).toBeInTheDocument();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(within(dialog).getByText('Wager 10× the bonus before withdrawing.')).toBeInTheDocument();
  });

  it('asks visitors to log in', async () => {
    stubApi({
      promotionList: () => ok({ list: [promotion('welcome', { status: 'join', claimable: null })] }),
    });
    renderApp('/promotions', statusFixture());
    const list = await screen.findByRole('list', { name: 'Promotions' });
    await userEvent.click(within(list).getByRole('button', { name: 'Log in to join' }));
    expect(await screen.findByRole('dialog', { name: /log in/i })).toBeInTheDocument();
  });
});

describe('reward centre', () => {
  it('lists what can be claimed with the menu badge, and claims the rebate', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-1');
    useSessionStore.getState().setMemberType(0);
    let rebateClaimed = false;
    stubApi({
      memberInfo: () => ok(memberInfo()),
      walletBalance: () => ok(walletBalance()),
      merchantWallet: () => ok({ isSingle: 0 }),
      rewardCenter: () => {
        const list = [
          { kind: 'promotion', id: 'daily-signin', title: 'Daily sign-in', amount: 1 },
          ...(rebateClaimed ? [] : [{ kind: 'rebate', id: 'rebate', title: 'rebate', amount: 0.8 }]),
        ];
        return ok({ list, count: list.length });
      },
      rebateClaim: () => {
        rebateClaimed = true;
        return ok({
          payment: {
            id: '1',
            kind: 'manual',
            from: '2026-11-20',
            to: '2026-11-26',
            validBet: 100,
            amount: 0.8,
            createdAt: '2026-11-26T10:00:00.000Z',
          },
          balance: 10.8,
        });
      },
    });
    renderApp('/member?page=rewardCenter', statusFixture());
    const nav = await screen.findByRole('navigation', { name: 'Member Center' });
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: /Reward center/ })).toHaveTextContent('2'),
    );
    const list = await screen.findByRole('list', { name: 'Rewards to claim' });
    const rebate = within(list).getByText('Manual rebate').closest('li')!;
    await userEvent.click(within(rebate).getByRole('button', { name: 'Claim $0.80' }));
    await waitFor(() => expect(within(list).queryByText('Manual rebate')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: /Reward center/ })).toHaveTextContent('1'),
    );
  });
});
