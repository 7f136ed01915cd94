import type { ContractKindName } from '@arcadia/contract';
import { useTranslation } from '../../../../lib/i18n';
import { ContractTierTable } from '../../../../components/contract-tier-table';
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
  // On a phone the table scrolls inside its card instead of widening the page.
  return (
    <div className="table-scroll">
      <ContractTierTable
        kind={kind === 'realtime' ? 'daily' : kind}
        details={contract.details}
        labels={{
          caption: t('tiers'),
          tier: t('tier'),
          bet: betLabel,
          netLoss: t('period_pnl'),
          activeMembers: t('active_members'),
          rate: t('rate'),
        }}
        money={f.money}
        count={f.count}
        percent={percent}
        atLeast
      />
    </div>
  );
}

/** A one-line summary of a contract: its version and highest rate. */
export function contractSummary(kind: ContractKindName, c: Contract, money: (v: number) => string): string {
  if (kind === 'realtime' && c.rates)
    return `v${c.version} · ${percent(c.rates.rt_win_rate)} / ${percent(c.rates.rt_loss_rate)} / ${percent(c.rates.rt_bet_amount)}`;
  const top = c.details.reduce((m, d) => (d.rate > m.rate ? d : m), c.details[0]!);
  return `v${c.version} · ${c.details.length} × · ≤ ${top.rateType === 'P' ? percent(top.rate) : money(top.rate)}`;
}
