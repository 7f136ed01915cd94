import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { formatMoney, minorToMajorText } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useSocketEvent } from '../../../lib/realtime';
import { type LotteryBet, myBetsKey, useCancelChase, useMyBets } from '../api/lottery';

/** The member's bets on a game: open ones awaiting their draw, then the settled, live. */
export function MyBets({ gameId, names }: { gameId: string; names: Record<string, string> }) {
  const { t, i18n } = useTranslation('lottery');
  const client = useQueryClient();
  const errorText = useApiErrorText();
  const bets = useMyBets(gameId);
  const stop = useCancelChase();
  useSocketEvent('lottery.bet', (b) => {
    if (b.gameId === gameId) void client.invalidateQueries({ queryKey: myBetsKey(gameId) });
  });
  const list = bets.data?.list ?? [];
  // A chase is an order with more than one issue still open.
  const openPerOrder = new Map<string, number>();
  for (const b of list)
    if (b.status === 'open') openPerOrder.set(b.orderId, (openPerOrder.get(b.orderId) ?? 0) + 1);
  const brand = useBrand();
  const money = (minor: string) =>
    formatMoney(minorToMajorText(minor, brand.currencyScale) ?? '0', {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale: i18n.language,
    });
  const result = (b: LotteryBet) =>
    b.status === 'won' ? t('status.won', { amount: money(b.payout) }) : t(`status.${b.status}`);

  return (
    <section className="lottery-mybets" aria-label={t('my_bets')}>
      <h2 className="lottery-section__title">{t('my_bets')}</h2>
      {list.length === 0 ? (
        <p className="muted">{t('no_bets')}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('issue')}</th>
                <th scope="col">{t('bet_type')}</th>
                <th scope="col">{t('selection')}</th>
                <th scope="col" className="data-table__num">
                  {t('stake')}
                </th>
                <th scope="col">{t('result')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((b) => (
                <tr key={b.betId} className={`lottery-bet lottery-bet--${b.status}`}>
                  <td>
                    {b.numero}
                    {b.numbers && <div className="muted lottery-bet__numbers">{b.numbers.join(' ')}</div>}
                  </td>
                  <td>{names[b.playId] ?? b.playId}</td>
                  <td className="lottery-bet__content">{b.bettingContent}</td>
                  <td className="data-table__num">
                    {money(b.stake)}
                    {b.multiple > 1 && <span className="muted"> ×{b.multiple}</span>}
                  </td>
                  <td>
                    <span className={`lottery-bet__status lottery-bet__status--${b.status}`}>
                      {result(b)}
                    </span>
                    {b.status === 'open' && (openPerOrder.get(b.orderId) ?? 0) > 1 && (
                      <button
                        type="button"
                        className="button button--small"
                        disabled={stop.isPending}
                        onClick={() =>
                          stop.mutate(b.orderId, {
                            onSuccess: () => void client.invalidateQueries({ queryKey: myBetsKey(gameId) }),
                          })
                        }
                      >
                        {t('stop_chase')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {stop.isError && (
        <p role="alert" className="form__error">
          {errorText(stop.error)}
        </p>
      )}
    </section>
  );
}
