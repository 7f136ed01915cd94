import type { RecordFigures } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';

/** The figures of a record's filtered rows: bets, stake, valid bet, payout and the member's result. */
export function Totals({
  totals,
  money,
}: {
  totals: RecordFigures;
  money(value: number, signed?: boolean): string;
}) {
  const { t } = useTranslation('records');
  return (
    <dl className="records__totals" data-testid="record-totals">
      <div>
        <dt>{t('bet_count')}</dt>
        <dd>{totals.betCount}</dd>
      </div>
      <div>
        <dt>{t('col_stake')}</dt>
        <dd>{money(totals.stake)}</dd>
      </div>
      <div>
        <dt>{t('col_valid_bet')}</dt>
        <dd>{money(totals.validBet)}</dd>
      </div>
      <div>
        <dt>{t('col_payout')}</dt>
        <dd>{money(totals.payout)}</dd>
      </div>
      <div>
        <dt>{t('col_profit_loss')}</dt>
        <dd
          className={totals.profitLoss < 0 ? 'money--out' : totals.profitLoss > 0 ? 'money--in' : ''}
          data-testid="total-profit-loss"
        >
          {money(totals.profitLoss, true)}
        </dd>
      </div>
    </dl>
  );
}
