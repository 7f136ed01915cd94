import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { ContractsPanel } from './contracts-panel';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const agent = { id: '7001', account: 'demoagent' };

const tier = (minimumBet: number, activeMember: number, rate: number) => ({
  minimumBet,
  betVolume: minimumBet,
  netLoss: 0,
  activeMember,
  rateType: 'P' as const,
  rate,
  contractRate: rate,
});

function contract(version: number, details: ReturnType<typeof tier>[]) {
  return {
    id: String(900 + version),
    kind: 'daily' as const,
    member: agent,
    payer: null,
    version,
    status: 'V' as const,
    period: null,
    details,
    rates: null,
    offeredAt: '2026-11-26T08:00:00.000Z',
    acceptedAt: '2026-11-26T08:00:00.000Z',
    endedAt: null,
  };
}

beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
});

function renderPanel(
  role: 'admin' | 'finance' | 'support',
  set?: Parameters<typeof stubApi>[0]['opsContractSet'],
) {
  let current: ReturnType<typeof contract> | null = contract(1, [tier(1000, 3, 0.01), tier(5000, 10, 0.015)]);
  const api = stubApi({
    opsContractGet: (req) =>
      ok(
        req.path.includes('/daily/')
          ? {
              current,
              pending: null,
              history: [
                {
                  id: '1',
                  action: 'offer',
                  actor: 'operator:demoops',
                  fromVersion: null,
                  toVersion: 1,
                  at: '2026-11-26T08:00:00.000Z',
                },
              ],
              canOffer: current !== null,
            }
          : { current: null, pending: null, history: [], canOffer: false },
      ),
    opsContractSet:
      set ??
      (() => {
        current = contract(2, [tier(200, 1, 0.02)]);
        return ok(current);
      }),
    opsContractTerminate: () => {
      current = null;
      return ok({ terminated: 1 });
    },
  });
  renderWithProviders(
    <ContractsPanel brand={brand} role={role} agent={agent} onClose={() => undefined} />,
    statusFixture(),
    '/ops/agents',
  );
  return api;
}

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

async function openDaily() {
  const panel = await screen.findByRole('region', { name: 'Contracts of demoagent' });
  await userEvent.click(within(panel).getByRole('tab', { name: 'Daily salary' }));
  return panel;
}

describe('top agent contracts panel', () => {
  it('shows the daily contract in force with its tiers and history', async () => {
    const api = renderPanel('finance');
    const panel = await openDaily();
    const tiers = await within(panel).findByTestId('ops-contract-tiers');
    const rows = within(tiers).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/1\s*\$1,000\.00\s*3\s*1 %/);
    expect(rows[2]).toHaveTextContent(/2\s*\$5,000\.00\s*10\s*1\.5 %/);
    const inForce = within(panel).getByRole('region', { name: 'In force' });
    expect(inForce).toHaveTextContent('v1');
    expect(inForce).toHaveTextContent('In force');
    expect(within(panel).getByTestId('ops-contract-history')).toHaveTextContent('operator:demoops');
    expect(api.calls('opsContractGet').map((r) => r.path)).toContain(
      '/ops/merchants/demo/contracts/daily/7001',
    );
  });

  it('refuses invalid terms with the schema, then sends valid ones as the contract body', async () => {
    const api = renderPanel('admin');
    const panel = await openDaily();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Set new terms' }));
    const form = within(panel).getByRole('form', { name: 'New terms: Daily salary' });
    // Start from the terms in force: two tiers. Remove the second, empty the first's bet.
    expect(within(form).getAllByTestId('ops-contract-tier')).toHaveLength(2);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove tier 2' }));
    expect(within(form).getAllByTestId('ops-contract-tier')).toHaveLength(1);
    const bet = within(form).getByLabelText('Bets per day ≥');
    await userEvent.clear(bet);
    const rate = within(form).getByLabelText('Rate (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByText('Enter an amount of 0 or more.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a rate of 0 or more.')).toBeInTheDocument();
    expect(api.calls('opsContractSet')).toHaveLength(0);

    await userEvent.type(bet, '200');
    const active = within(form).getByLabelText('Active members ≥');
    await userEvent.clear(active);
    await userEvent.type(active, '1');
    await userEvent.clear(rate);
    await userEvent.type(rate, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Version 2 of the daily salary contract is in force.',
    );
    const sent = api.calls('opsContractSet');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.path).toBe('/ops/merchants/demo/contracts/daily/7001');
    expect(sent[0]!.body).toEqual({
      details: [{ minimumBet: 200, netLoss: 0, activeMember: 1, rateType: 'P', rate: 0.02 }],
    });
    await waitFor(() =>
      expect(within(panel).getByRole('region', { name: 'In force' })).toHaveTextContent('v2'),
    );
  });

  it('shows the server’s refusal in words', async () => {
    renderPanel('admin', () => fail(400, 'contract.terms.invalid', 'bad'));
    const panel = await openDaily();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Set new terms' }));
    const form = within(panel).getByRole('form', { name: 'New terms: Daily salary' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The contract terms are incomplete or inconsistent.',
    );
  });

  it('sets a real-time contract with its three rates, in percent on the screen and fractions on the wire', async () => {
    const api = stubApi({
      opsContractGet: () => ok({ current: null, pending: null, history: [], canOffer: false }),
      opsContractSet: () =>
        ok({
          ...contract(1, []),
          kind: 'realtime',
          rates: { rt_win_rate: 0.01, rt_loss_rate: 0.02, rt_bet_amount: 0.001 },
        }),
    });
    renderWithProviders(
      <ContractsPanel brand={brand} role="admin" agent={agent} onClose={() => undefined} />,
      statusFixture(),
    );
    const panel = await screen.findByRole('region', { name: 'Contracts of demoagent' });
    await userEvent.click(within(panel).getByRole('tab', { name: 'Real-time salary' }));
    expect(await within(panel).findByText('No contract in force.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Terminate' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Set new terms' }));
    const form = within(panel).getByRole('form', { name: 'New terms: Real-time salary' });
    await retype(within(form).getByLabelText('Profit salary (%)'), '1');
    await retype(within(form).getByLabelText('Loss salary (%)'), '200');
    await retype(within(form).getByLabelText('Single betting (%)'), '0.1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    expect(await within(form).findByText('Enter a rate between 0 and 100 %.')).toBeInTheDocument();
    await retype(within(form).getByLabelText('Loss salary (%)'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(api.calls('opsContractSet')).toHaveLength(1));
    expect(api.calls('opsContractSet')[0]!.body).toEqual({
      rates: { rt_win_rate: 0.01, rt_loss_rate: 0.02, rt_bet_amount: 0.001 },
    });
  }, 20_000);

  it('terminates only after a confirmation', async () => {
    const api = renderPanel('finance');
    const panel = await openDaily();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Terminate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Terminate this contract?' });
    expect(dialog).toHaveTextContent('The daily salary contract of demoagent ends now');
    expect(api.calls('opsContractTerminate')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminate' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'The daily salary contract of demoagent was terminated.',
    );
    expect(api.calls('opsContractTerminate')[0]!.method).toBe('DELETE');
    expect(await within(panel).findByText('No contract in force.')).toBeInTheDocument();
  });
});
