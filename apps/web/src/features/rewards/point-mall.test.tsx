import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { createTestKey, fail, memberInfo, ok, stubApi, walletBalance } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { statusFixture } from '../../test/status-fixture';

const rewards = [
  {
    rewardId: 'cash-5',
    name: '$5 cash',
    kind: 'cash',
    points: 500,
    amount: 5,
    stock: null,
    description: 'Cash.',
    left: null,
  },
  {
    rewardId: 'mug',
    name: 'Arcadia mug',
    kind: 'goods',
    points: 1500,
    amount: null,
    stock: 200,
    description: 'A mug.',
    left: 0,
  },
];
const config = {
  enabled: true,
  ratios: [{ productType: 'RNG', points: 1 }],
  depositRatio: 2,
  convertRate: 100,
  minConvert: 100,
};

describe('points mall', () => {
  it('redeems a cash reward behind the payment password; sold-out goods cannot be redeemed', async () => {
    sessionStorage.setItem('merchantCode', 'demo');
    useSessionStore.getState().setToken('tok-1');
    useSessionStore.getState().setMemberType(0);
    const key = await createTestKey();
    let points = 800;
    const api = stubApi(
      {
        memberInfo: () => ok(memberInfo()),
        walletBalance: () => ok(walletBalance()),
        pointBalance: () => ok({ balance: points }),
        pointRewards: () => ok({ list: rewards }),
        pointConfig: () => ok(config),
        pointRedeem: (req) => {
          const body = req.body as { paymentPassword: string; requestId: string; quantity: number };
          if (body.paymentPassword !== 'pay-123456') return fail(400, 'payment.password.invalid', 'Wrong.');
          points -= 500;
          return ok({
            redemption: {
              id: '1',
              rewardId: 'cash-5',
              rewardName: '$5 cash',
              kind: 'cash',
              quantity: body.quantity,
              points: 500,
              amount: 5,
              address: null,
              status: 'approved',
              note: null,
              createdAt: '2026-11-26T10:00:00.000Z',
              reviewedAt: null,
            },
            pointBalance: points,
            balance: 15,
          });
        },
      },
      key,
    );
    renderApp('/pointMall', statusFixture());
    await waitFor(() => expect(screen.getByTestId('point-balance')).toHaveTextContent('800'));
    const catalogue = await screen.findByRole('list', { name: 'Rewards' });
    const mug = within(catalogue).getByText('Arcadia mug').closest('li')!;
    expect(within(mug).getByRole('button', { name: 'Sold out' })).toBeDisabled();
    const cash = within(catalogue).getByText('$5 cash').closest('li')!;
    await userEvent.click(within(cash).getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem $5 cash' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Enter your payment password.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Payment password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Payment password/));
    await userEvent.type(within(dialog).getByLabelText(/Payment password/), 'pay-123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('$5.00 is in your wallet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('point-balance')).toHaveTextContent('300'));
    // Both attempts carried the dialog's one request id: a retry redeems once.
    const ids = api.calls('pointRedeem').map((c) => (c.body as { requestId: string }).requestId);
    expect(new Set(ids).size).toBe(1);
  });
});
