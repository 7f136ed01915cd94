import { describe, expect, it } from 'vitest';
import { blackjack } from './engines/blackjack.js';
import { mines } from './engines/mines.js';
import { FairStream } from './fair.js';
import { replayBlackjack, replayInstant, replayMines } from './replay.js';
import { slotPharaoh } from './slots/index.js';
import { GameRuleError } from './types.js';

const seeds = { serverSeed: 'replay-server', clientSeed: 'replay-client', nonce: 42 };

describe('replay', () => {
  it('gives the same outcome as the live one-call game', () => {
    const live = slotPharaoh.play({ stake: 2500n }, new FairStream(seeds));
    expect(replayInstant('slot-pharaoh', { stake: 2500n }, seeds)).toEqual(live);
    const d = replayInstant('dice', { stake: 10n, target: 5000, direction: 'under' }, seeds);
    expect(d.roll).toBe(new FairStream(seeds).nextInt(10000));
  });

  it('replays a mines round action by action', () => {
    const live0 = mines.start({ stake: 100n, mines: 3 }, new FairStream(seeds));
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !live0.mines.includes(i));
    const live = mines.cashout(mines.reveal(mines.reveal(live0, safe[0]!), safe[1]!));
    const replayed = replayMines({ stake: 100n, mines: 3 }, seeds, [
      { type: 'reveal', cell: safe[0]! },
      { type: 'reveal', cell: safe[1]! },
      { type: 'cashout' },
    ]);
    expect(replayed).toEqual(live);
    expect(() => replayMines({ stake: 100n, mines: 3 }, seeds, [{ type: 'cashout' }])).toThrow(GameRuleError);
  });

  it('replays a blackjack round from its actions', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const s = { ...seeds, nonce };
      let live = blackjack.deal({ stake: 100n }, new FairStream(s));
      const actions: ('hit' | 'stand')[] = [];
      while (live.status === 'playing') {
        const a = actions.length < 1 ? 'hit' : 'stand';
        actions.push(a);
        live = blackjack[a](live);
      }
      expect(replayBlackjack({ stake: 100n }, s, actions)).toEqual(live);
    }
  });
});
