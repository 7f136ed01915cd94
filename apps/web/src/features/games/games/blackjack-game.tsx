import type { HouseAction } from '@arcadia/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';
import { PlayingCard } from '../../../components/playing-card';

export interface BlackjackView {
  dealer: (string | null)[];
  dealerTotal: number;
  hands: {
    cards: string[];
    stake: string;
    doubled: boolean;
    result: string | null;
    payout: string;
    total: number;
    soft: boolean;
  }[];
  active: number;
  status: 'playing' | 'settled';
  totalStake: string;
  payout: string;
  actions: ('hit' | 'stand' | 'double' | 'split')[];
}

/** The table for a blackjack view: dealer on top, the player's hand(s) below, results when settled. */
export function BlackjackTable({ view }: { view: BlackjackView | null }) {
  const { t } = useTranslation('games');
  return (
    <div className="blackjack__table">
      <div className="blackjack__dealer">
        <h2>
          {t('dealer')} {view && <span className="blackjack__total">{view.dealerTotal}</span>}
        </h2>
        <div className="card-row">
          {view?.dealer.map((c, i) => (
            <PlayingCard key={i} code={c} index={i} />
          ))}
        </div>
      </div>
      <div className="blackjack__hands">
        {(view?.hands ?? []).map((h, i) => (
          <div
            key={i}
            className={`blackjack__hand${view!.status === 'playing' && view!.active === i ? ' blackjack__hand--active' : ''}${h.result ? ` blackjack__hand--${h.result}` : ''}`}
            data-testid="blackjack-hand"
          >
            <div className="card-row">
              {h.cards.map((c, j) => (
                <PlayingCard key={j} code={c} index={j} />
              ))}
            </div>
            <p>
              <span className="blackjack__total">
                {h.soft && h.total < 21 ? `${h.total - 10}/${h.total}` : h.total}
              </span>
              {h.doubled && ` · ${t('doubled')}`}
              {h.result && ` · ${t(`hand_result.${h.result}`)}`}
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Blackjack: deal, then hit, stand, double or split as the hand allows (the server's list). */
export function BlackjackGame() {
  const { t } = useTranslation('games');
  const { stake, play, busy, money, openRound, setStakeLocked } = useGame();
  const [view, setView] = useState<BlackjackView | null>(
    openRound && openRound.status === 'open' ? (openRound.outcome as BlackjackView) : null,
  );
  const playing = view?.status === 'playing';
  useEffect(() => setStakeLocked(playing), [playing, setStakeLocked]);

  const act = useCallback(
    async (action: HouseAction) => {
      const body =
        action === 'deal' ? { action, stake: stake.toString(), params: {} } : { action, params: {} };
      const reply = await play(body, { minMs: 300 });
      if (reply) setView(reply.round.outcome as BlackjackView);
    },
    [play, stake],
  );

  usePrimaryAction(() => void act(playing ? 'stand' : 'deal'), !busy);

  return (
    <div className="blackjack">
      <BlackjackTable view={view} />
      <div className="blackjack__result" aria-live="polite" data-testid="blackjack-result">
        {view?.status === 'settled' &&
          (BigInt(view.payout) > 0n ? t('paid_amount', { amount: money(view.payout) }) : t('no_win'))}
      </div>
      <div className="blackjack__controls">
        {playing ? (
          (['hit', 'stand', 'double', 'split'] as const).map((a) => (
            <button
              key={a}
              type="button"
              className={`game-button${a === 'stand' ? ' game-button--primary' : ''}`}
              disabled={busy || !view!.actions.includes(a)}
              onClick={() => void act(a)}
              data-testid={`bj-${a}`}
            >
              {t(`bj_action.${a}`)}
            </button>
          ))
        ) : (
          <button
            type="button"
            className="game-button game-button--primary"
            disabled={busy}
            onClick={() => void act('deal')}
            data-testid="bj-deal"
          >
            {t('deal')}
          </button>
        )}
      </div>
      <p className="rules__note">{t('blackjack_table_rule')}</p>
    </div>
  );
}
