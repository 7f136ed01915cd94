import type { HouseRound, HouseSession } from '@arcadia/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../lib/toast-store';
import { ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { DiceGame } from '../games/dice-game';
import { FREE_SPIN_MS, REEL_STOP_GAP_MS, SlotGame } from '../games/slot-game';
import { GameFrame } from './game-frame';

const strip = ['cherry', 'lemon', 'orange', 'plum', 'grapes', 'watermelon', 'bell', 'seven', 'star'];

function session(overrides: Partial<HouseSession> = {}): HouseSession {
  return {
    gameCode: 'AUR_FRUIT_FIESTA',
    gameName: 'Golden Orchard',
    engine: 'slot-fruit',
    mode: 'real',
    language: 'EN',
    currency: 'USD',
    currencyScale: 2,
    balance: '100000',
    fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'mine', nonce: 4 },
    rules: {
      name: 'Fruit Fiesta',
      minStake: '1',
      maxStake: '100000',
      minSpinMs: 2500,
      autoplay: false,
      betUnits: 10,
      mode: 'lines',
      lines: [[1, 1, 1, 1, 1]],
      strips: [strip, strip, strip, strip, strip],
      rtp: 0.9615,
    },
    openRound: null,
    ...overrides,
  };
}

function round(overrides: Partial<HouseRound> = {}): HouseRound {
  return {
    roundId: 'r1',
    gameCode: 'AUR_FRUIT_FIESTA',
    engine: 'slot-fruit',
    mode: 'real',
    status: 'closed',
    stake: '100',
    payout: '0',
    params: {},
    outcome: {},
    clientSeed: 'mine',
    nonce: 4,
    serverSeedHash: 'ab'.repeat(32),
    serverSeed: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    settledAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const grid = [
  ['seven', 'seven', 'bell'],
  ['lemon', 'seven', 'plum'],
  ['seven', 'seven', 'star'],
  ['grapes', 'cherry', 'orange'],
  ['plum', 'plum', 'lemon'],
];

const spinReply = () =>
  ok({
    round: round({
      roundId: 'r2',
      nonce: 4,
      payout: '750',
      outcome: {
        base: {
          grid,
          lineWins: [
            {
              line: 0,
              symbol: 'seven',
              count: 3,
              coins: 75,
              cells: [
                [0, 1],
                [1, 1],
                [2, 1],
              ],
            },
          ],
          waysWins: [],
          scatter: null,
          coins: 75,
        },
        freeSpins: [],
        freeSpinMultiplier: 1,
        totalCoins: 75,
      },
    }),
    balance: '100650',
    fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'mine', nonce: 5 },
  });

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

describe('game frame', () => {
  it('steps the bet along the ladder with buttons and arrow keys, formatted with separators', async () => {
    stubApi({ houseHistory: () => ok({ list: [] }) });
    renderWithProviders(
      <GameFrame token="launch-token" session={session()}>
        <SlotGame />
      </GameFrame>,
      statusFixture(),
    );
    const bet = screen.getByTestId('bet-value');
    expect(bet).toHaveTextContent('1.00');
    fireEvent.click(screen.getByRole('button', { name: 'Raise bet' }));
    expect(bet).toHaveTextContent('2.00');
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(bet).toHaveTextContent('5.00');
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(bet).toHaveTextContent('1.00');
    fireEvent.click(screen.getByRole('button', { name: 'Min' }));
    expect(bet).toHaveTextContent('0.01');
    expect(screen.getByRole('button', { name: 'Lower bet' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(bet).toHaveTextContent('1,000.00');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('1,000.00 USD');
    expect(screen.getByText('Real money')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Golden Orchard');
  });

  it('holds a spin’s result until the minimum spin time has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = stubApi({ houseHistory: () => ok({ list: [] }), housePlay: spinReply });
    renderWithProviders(
      <GameFrame token="launch-token" session={session()}>
        <SlotGame />
      </GameFrame>,
      statusFixture(),
    );
    await flush();
    const spin = screen.getByTestId('spin');
    // Space plays, as the Spin button does.
    fireEvent.keyDown(window, { key: ' ' });
    await flush();
    expect(api.calls('housePlay')).toHaveLength(1);
    expect(api.calls('housePlay')[0]!.headers['X-Game-Token']).toBe('launch-token');
    expect(api.calls('housePlay')[0]!.body).toMatchObject({ action: 'play', stake: '100' });
    expect(spin).toBeDisabled();

    // The server answered at once, but nothing shows before 2.5 s.
    await act(() => vi.advanceTimersByTimeAsync(2400));
    expect(screen.getByTestId('slot-win')).toHaveTextContent('Good luck!');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('1,000.00');
    expect(spin).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(100 + 5 * REEL_STOP_GAP_MS));
    await flush();
    expect(screen.getByTestId('slot-win')).toHaveTextContent('You win 7.50');
    expect(screen.getByText('Line 1: 3 × Lucky seven pays 7.50')).toBeInTheDocument();
    expect(screen.getByTestId('game-balance')).toHaveTextContent('1,006.50');
    expect(spin).toBeEnabled();
    // A second press is a new, separate spin; there is no autoplay.
    await act(() => vi.advanceTimersByTimeAsync(FREE_SPIN_MS * 5));
    expect(api.calls('housePlay')).toHaveLength(1);
  });

  it('shows recent results newest first and adds each new round', async () => {
    stubApi({
      houseHistory: () =>
        ok({ list: [round({ roundId: 'a', payout: '150' }), round({ roundId: 'b', payout: '0' })] }),
      housePlay: () =>
        ok({
          round: round({
            roundId: 'c',
            engine: 'dice',
            payout: '198',
            outcome: { roll: 1234, win: true, winOutcomes: 5000 },
          }),
          balance: '100098',
          fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'mine', nonce: 5 },
        }),
    });
    renderWithProviders(
      <GameFrame
        token="t"
        session={session({ engine: 'dice', rules: { minStake: '1', maxStake: '100000', rtp: 0.99 } })}
      >
        <DiceGame />
      </GameFrame>,
      statusFixture(),
    );
    const strip = await screen.findByTestId('history-strip');
    expect(await within(strip).findByText('+0.50')).toBeInTheDocument();
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+0.50', '-1.00']);

    fireEvent.click(screen.getByTestId('roll'));
    expect(await screen.findByText('You win 1.98')).toBeInTheDocument();
    expect(screen.getByTestId('dice-result')).toHaveTextContent('12.34');
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['+0.98', '+0.50', '-1.00']);
    expect(screen.getByTestId('game-balance')).toHaveTextContent('1,000.98');
  });

  it('translates a refused bet and shows the balance the server reported', async () => {
    useToastStore.setState({ toasts: [] });
    stubApi({
      houseHistory: () => ok({ list: [] }),
      housePlay: () => ({
        status: 400,
        body: {
          success: false,
          code: 'wallet.insufficient',
          message: 'Insufficient balance.',
          value: { balance: '40' },
        },
      }),
    });
    renderWithProviders(
      <>
        <GameFrame
          token="t"
          session={session({ engine: 'dice', rules: { minStake: '1', maxStake: '100000' } })}
        >
          <DiceGame />
        </GameFrame>
      </>,
      statusFixture(),
    );
    fireEvent.click(screen.getByTestId('roll'));
    await waitFor(() => expect(screen.getByTestId('game-balance')).toHaveTextContent('0.40 USD'));
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'Insufficient balance.'],
    ]);
    expect(screen.getByTestId('roll')).toBeEnabled();
  });
});
