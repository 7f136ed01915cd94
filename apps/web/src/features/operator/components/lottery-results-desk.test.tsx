import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { OperatorConsole } from './operator-console';

const brand = { code: 'demo', name: 'Arcadia Demo', currency: 'USD', currencySymbol: '$', currencyScale: 2 };
const page = { list: [], pageNo: 1, totalPages: 0, totalCount: 0 };
const menu = (gameId: string, gameName: string, family: string, kind: string) => ({
  gameGroupCode: family,
  gameMenus: [{ gameId, gameName, family, kind, current: null }],
});

beforeEach(() => {
  useOpsSession.getState().setToken('ops-tok');
});

describe('lottery results desk', () => {
  it('an all-brand admin marks a game official with a reason and enters an issue’s result', async () => {
    let official = false;
    const api = stubApi({
      opsSessionMe: () =>
        ok({ id: '1', username: 'root', role: 'admin', merchantCode: null, brands: [brand] }),
      opsDepositList: () => ok(page),
      opsWithdrawList: () => ok(page),
      opsAuditList: () => ok(page),
      opsInboxList: () => ok(page),
      sportsEvents: () => ok({ list: [], serverTime: '2026-11-25T14:30:00.000Z' }),
      lotteryMenus: () => ok([menu('K3_2', '2-Minute Fast Dice', 'k3', 'ELOTT')]),
      lotteryVnMenus: () => ok([menu('VN_NORTH', 'VN North', 'vn_north', 'VN')]),
      lotteryRules: () =>
        ok({
          gameId: 'K3_2',
          family: 'k3',
          prizeGroup: 1960,
          closeBeforeSeconds: 10,
          official,
          betTypes: [],
        }),
      opsLotteryOfficial: (req) => {
        official = (req.body as { official: boolean }).official;
        return ok({ gameId: 'K3_2', official, changed: true });
      },
      opsLotteryResult: () =>
        ok({
          opened: {
            gameId: 'K3_2',
            numero: '20261125-300',
            status: 'drawn',
            drawTime: '2026-11-25T10:00:00.000Z',
            commitment: 'a'.repeat(64),
            serverSeed: null,
            source: 'official',
            numbers: ['6', '6', '6'],
          },
          settled: 4,
          won: 1,
          paid: 4,
        }),
    });
    renderWithProviders(<OperatorConsole siteBrand="demo" />, statusFixture(), '/ops/books');
    const desk = await screen.findByRole('region', { name: 'Lottery results' });
    expect(await within(desk).findByText(/Provably fair/)).toBeInTheDocument();
    const mark = within(desk).getByRole('button', { name: 'Mark official' });
    expect(mark).toBeDisabled();
    await userEvent.type(within(desk).getByLabelText('Reason for switching'), 'licensed feed');
    await userEvent.click(mark);
    expect(await within(desk).findByText(/Official: its results/)).toBeInTheDocument();
    expect(api.calls('opsLotteryOfficial')[0]!.body).toEqual({
      gameId: 'K3_2',
      official: true,
      reason: 'licensed feed',
    });

    const form = within(desk).getByRole('form', { name: 'Enter an official result' });
    await userEvent.type(within(form).getByLabelText('Issue'), '20261125-300');
    await userEvent.type(within(form).getByLabelText('Numbers'), '6 6 6');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'official sheet');
    await userEvent.click(within(form).getByRole('button', { name: 'Enter result' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Issue 20261125-300 drawn: 4 bets settled, 1 winning.',
    );
    await waitFor(() => expect(api.calls('opsLotteryResult')).toHaveLength(1));
    expect(api.calls('opsLotteryResult')[0]!.body).toEqual({
      gameId: 'K3_2',
      numero: '20261125-300',
      numbers: ['6', '6', '6'],
      reason: 'official sheet',
    });
  });
});
