import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';
import { PlayingCard } from '../../../components/playing-card';

const spots = ['player', 'tie', 'banker', 'playerPair', 'bankerPair'] as const;
type Spot = (typeof spots)[number];

interface BaccaratView {
  playerCards: string[];
  bankerCards: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  results: { kind: Spot; stake: string; payout: string }[];
}

/**
 * Baccarat: place chips of the selected bet size on player, banker, tie and the pairs, then deal.
 * The round's stake is the sum of the spots; the cards are dealt one by one as the server drew them.
 */
export function BaccaratGame() {
  const { t } = useTranslation('games');
  const { stake, play, busy, money } = useGame();
  const [bets, setBets] = useState<Partial<Record<Spot, bigint>>>({});
  const [view, setView] = useState<(BaccaratView & { payout: string }) | null>(null);
  const [dealt, setDealt] = useState(0);
  const total = Object.values(bets).reduce((a, b) => a + (b ?? 0n), 0n);

  const deal = useCallback(async () => {
    if (total <= 0n) return;
    const params = { bets: Object.fromEntries(Object.entries(bets).map(([k, v]) => [k, v!.toString()])) };
    setView(null);
    setDealt(0);
    const reply = await play({ action: 'play', stake: total.toString(), params }, { minMs: 400 });
    if (!reply) return;
    const v = { ...(reply.round.outcome as BaccaratView), payout: reply.round.payout };
    setView(v);
    const cards = v.playerCards.length + v.bankerCards.length;
    for (let i = 1; i <= cards; i++) setTimeout(() => setDealt(i), i * 450);
  }, [bets, total, play]);

  usePrimaryAction(() => void deal(), !busy && total > 0n);
  const cardsTotal = view ? view.playerCards.length + view.bankerCards.length : 0;
  const finished = view !== null && dealt >= cardsTotal;
  // Deal order: P, B, P, B, then the third cards (player's first).
  const order = view
    ? [
        ['p', 0],
        ['b', 0],
        ['p', 1],
        ['b', 1],
        ...(view.playerCards[2] ? [['p', 2]] : []),
        ...(view.bankerCards[2] ? [['b', 2]] : []),
      ]
    : [];
  const visible = (side: 'p' | 'b', i: number) => order.findIndex(([s, j]) => s === side && j === i) < dealt;

  return (
    <div className="baccarat">
      <div className="baccarat__table">
        {(['player', 'banker'] as const).map((side) => {
          const cards = side === 'player' ? view?.playerCards : view?.bankerCards;
          const key = side === 'player' ? 'p' : 'b';
          return (
            <div
              key={side}
              className={`baccarat__hand baccarat__hand--${side}${finished && view?.winner === side ? ' baccarat__hand--win' : ''}`}
            >
              <h2>{t(`spot.${side}`)}</h2>
              <div className="card-row">
                {(cards ?? []).map((c, i) =>
                  visible(key, i) ? (
                    <PlayingCard key={i} code={c} />
                  ) : (
                    <span key={i} className="card card--slot" />
                  ),
                )}
              </div>
              {finished && (
                <strong className="baccarat__total">
                  {side === 'player' ? view!.playerTotal : view!.bankerTotal}
                </strong>
              )}
            </div>
          );
        })}
      </div>
      <div className="baccarat__result" aria-live="polite" data-testid="baccarat-result">
        {finished &&
          `${t(`baccarat_winner.${view!.winner}`)} · ${BigInt(view!.payout) > 0n ? t('paid_amount', { amount: money(view!.payout) }) : t('no_win')}`}
      </div>
      <div className="baccarat__spots">
        {spots.map((s) => (
          <button
            key={s}
            type="button"
            className={`baccarat__spot baccarat__spot--${s}`}
            disabled={busy}
            onClick={() => setBets((b) => ({ ...b, [s]: (b[s] ?? 0n) + stake }))}
            aria-label={t('place_on', { spot: t(`spot.${s}`) })}
          >
            <span className="baccarat__spot-name">{t(`spot.${s}`)}</span>
            <span className="baccarat__spot-pays">{t(`spot_pays.${s}`)}</span>
            {bets[s] ? <span className="chip">{money(bets[s]!)}</span> : null}
          </button>
        ))}
      </div>
      <div className="baccarat__controls">
        <span>{t('total_bet', { amount: money(total) })}</span>
        <button
          type="button"
          className="game-button"
          disabled={busy || total === 0n}
          onClick={() => setBets({})}
        >
          {t('clear_bets')}
        </button>
        <button
          type="button"
          className="game-button game-button--primary"
          disabled={busy || total === 0n}
          onClick={() => void deal()}
          data-testid="deal"
        >
          {t('deal')}
        </button>
      </div>
    </div>
  );
}
