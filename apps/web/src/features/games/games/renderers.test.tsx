import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlackjackTable, type BlackjackView } from './blackjack-game';
import { diceMultiplierLabel, diceWinOutcomes } from './dice-game';
import { MinesBoard, type MinesView, nextMultiplier } from './mines-game';

describe('mines board', () => {
  it('shows gems, the mine that was hit and the other mines once the round is over', () => {
    const view: MinesView = {
      mineCount: 3,
      mines: [0, 7, 24],
      revealed: [3, 12],
      status: 'busted',
      hitMine: 7,
      multiplier: { num: 0, den: 1 },
      payout: '0',
    };
    render(<MinesBoard view={view} onPick={() => undefined} disabled={false} />);
    const grid = screen.getByRole('grid', { name: 'Mines board' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(25);
    expect(screen.getByRole('gridcell', { name: 'Cell 4, safe' })).toBeDisabled();
    expect(screen.getByRole('gridcell', { name: 'Cell 8, the mine you hit' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Cell 1, mine' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Cell 25, mine' })).toBeInTheDocument();
    // The round is over: nothing can be opened.
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .every((c) => (c as HTMLButtonElement).disabled),
    ).toBe(true);
  });

  it('keeps closed cells playable while the round is on, mines unknown', () => {
    const view: MinesView = {
      mineCount: 5,
      mines: null,
      revealed: [1],
      status: 'playing',
      hitMine: null,
      multiplier: { num: 99, den: 80 },
      payout: '0',
    };
    render(<MinesBoard view={view} onPick={() => undefined} disabled={false} />);
    expect(screen.getAllByRole('gridcell', { name: /closed/ })).toHaveLength(24);
    expect(screen.getByRole('gridcell', { name: 'Cell 1, closed' })).toBeEnabled();
    expect(nextMultiplier(5, 1)).toBeCloseTo(0.99 * (25 / 20), 10);
  });
});

describe('blackjack table', () => {
  it('hides the dealer’s hole card while playing and shows soft totals', () => {
    const view: BlackjackView = {
      dealer: ['KS', null],
      dealerTotal: 10,
      hands: [
        {
          cards: ['AH', '6D'],
          stake: '100',
          doubled: false,
          result: null,
          payout: '0',
          total: 17,
          soft: true,
        },
      ],
      active: 0,
      status: 'playing',
      totalStake: '100',
      payout: '0',
      actions: ['hit', 'stand', 'double'],
    };
    render(<BlackjackTable view={view} />);
    expect(screen.getByRole('img', { name: 'Face-down card' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'K of spades' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A of hearts' })).toBeInTheDocument();
    expect(screen.getByText('7/17')).toBeInTheDocument();
  });

  it('shows each settled hand’s result', () => {
    const view: BlackjackView = {
      dealer: ['KS', '9C', '5H'],
      dealerTotal: 24,
      hands: [
        {
          cards: ['TH', 'TD'],
          stake: '100',
          doubled: false,
          result: 'win',
          payout: '200',
          total: 20,
          soft: false,
        },
      ],
      active: 0,
      status: 'settled',
      totalStake: '100',
      payout: '200',
      actions: [],
    };
    render(<BlackjackTable view={view} />);
    expect(screen.getByTestId('blackjack-hand')).toHaveTextContent('20 · Win');
    expect(screen.queryByRole('img', { name: 'Face-down card' })).toBeNull();
  });
});

describe('dice display', () => {
  it('derives chance and payout from the engine’s rule', () => {
    expect(diceWinOutcomes(5000, 'under')).toBe(5000);
    expect(diceWinOutcomes(5000, 'over')).toBe(4999);
    expect(diceMultiplierLabel(5000, 'under')).toBe('1.9800×');
    expect(diceMultiplierLabel(100, 'under')).toBe('99.0000×');
  });
});
