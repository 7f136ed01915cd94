import type { ContractKindName } from '@arcadia/contract';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../api/contracts';
import { useAgentFormat } from '../../hooks/use-format';

export const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** A contract's terms: its tier table, or the real-time salary's three rates. */
export function ContractTerms({ kind, contract }: { kind: ContractKindName; contract: Contract }) {
  const { t } = useTranslation('contracts');
  const f = useAgentFormat();
  if (kind === 'realtime' && contract.rates) {
    return (
      <dl className="stat-grid">
        {(['rt_win_rate', 'rt_loss_rate', 'rt_bet_amount'] as const).map((k) => (
          <div key={k} className="stat">
            <dt className="stat__label">{t(k)}</dt>
            <dd className="stat__value">{percent(contract.rates![k])}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const betLabel =
    kind === 'dividend' ? t('period_valid_bet') : kind === 'hourly' ? t('bet_per_hour') : t('bet_per_day');
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('tiers')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tier')}</th>
          <th scope="col" className="data-table__num">
            {betLabel}
          </th>
          {kind === 'dividend' && (
            <th scope="col" className="data-table__num">
              {t('period_pnl')}
            </th>
          )}
          <th scope="col" className="data-table__num">
            {t('active_members')}
          </th>
          <th scope="col" className="data-table__num">
            {t('rate')}
          </th>
        </tr>
      </thead>
      <tbody>
        {contract.details.map((d, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td className="data-table__num">≥ {f.money(d.minimumBet)}</td>
            {kind === 'dividend' && <td className="data-table__num">≥ {f.money(d.netLoss)}</td>}
            <td className="data-table__num">≥ {f.count(d.activeMember)}</td>
            <td className="data-table__num">{d.rateType === 'P' ? percent(d.rate) : f.money(d.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A one-line summary of a contract: its version and highest rate. */
export function contractSummary(kind: ContractKindName, c: Contract, money: (v: number) => string): string {
  if (kind === 'realtime' && c.rates)
    return `v${c.version} · ${percent(c.rates.rt_win_rate)} / ${percent(c.rates.rt_loss_rate)} / ${percent(c.rates.rt_bet_amount)}`;
  const top = c.details.reduce((m, d) => (d.rate > m.rate ? d : m), c.details[0]!);
  return `v${c.version} · ${c.details.length} × · ≤ ${top.rateType === 'P' ? percent(top.rate) : money(top.rate)}`;
}
