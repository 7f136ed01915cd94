import type { VipTier } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useVipProgressQuery } from '../api/vip';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

function Meter({
  label,
  actual,
  expected,
  money,
}: {
  label: string;
  actual: number;
  expected: number;
  money: (v: number) => string;
}) {
  const { t } = useTranslation('rewards');
  const done = expected <= 0 || actual >= expected;
  const pct = expected <= 0 ? 100 : Math.min(100, Math.floor((actual / expected) * 100));
  return (
    <div className={`vip-meter${done ? ' vip-meter--done' : ''}`}>
      <div className="vip-meter__head">
        <span>{label}</span>
        <span className="vip-meter__figures">
          {money(actual)} / {money(expected)}
        </span>
      </div>
      <div
        className="vip-meter__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={done ? t('vip_met') : `${pct}%`}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * VIP (`vip`): the member's tier, the progress to the next (total and monthly turnover and
 * deposits, actual against expected — the original's rank progress), what keeps the tier next
 * month, and the brand's tier table with each tier's bonus and extra rebate.
 */
export function VipPage() {
  const { t } = useTranslation('rewards');
  const { money, percent } = useRewardFormat();
  const errorText = useApiErrorText();
  const progress = useVipProgressQuery();
  if (progress.isPending) return <PanelLoading />;
  if (progress.isError)
    return (
      <p className="field__error" role="alert">
        {errorText(progress.error)}
      </p>
    );
  const p = progress.data;
  const columns: DataColumn<VipTier>[] = [
    {
      id: 'name',
      header: t('vip_col_tier'),
      cell: ({ row }) => (
        <span className={`vip-tier${row.original.level === p.playerRankLevel ? ' vip-tier--current' : ''}`}>
          {row.original.name}
          {row.original.level === p.playerRankLevel && <small>{t('vip_you')}</small>}
        </span>
      ),
    },
    {
      id: 'total',
      header: t('vip_col_total'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.totalTurnover),
    },
    {
      id: 'monthly',
      header: t('vip_col_monthly'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.monthlyTurnover),
    },
    {
      id: 'deposit',
      header: t('vip_col_deposit'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.minDeposit),
    },
    {
      id: 'keep',
      header: t('vip_col_keep'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.keepTurnover),
    },
    {
      id: 'bonus',
      header: t('vip_col_bonus'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.upgradeBonus),
    },
    {
      id: 'rebate',
      header: t('vip_col_rebate'),
      meta: { numeric: true },
      cell: ({ row }) => (row.original.rebateExtra > 0 ? `+${percent(row.original.rebateExtra)}` : '—'),
    },
  ];
  return (
    <div className="vip">
      <section className="vip__hero" aria-label={t('vip_current')}>
        <div className="vip__badge" data-testid="vip-rank">
          {p.playerRankName}
        </div>
        <div className="vip__next">
          <p className="vip__headline">
            {p.nextRankName ? t('vip_next', { name: p.nextRankName }) : t('vip_top')}
          </p>
          {p.nextRankName && (
            <div className="vip__meters">
              <Meter label={t('vip_total')} {...p.totalTurnover} money={money} />
              <Meter label={t('vip_monthly')} {...p.monthlyTurnover} money={money} />
              <Meter label={t('vip_deposit')} {...p.totalDeposit} money={money} />
            </div>
          )}
          {p.playerRankLevel > 0 && (
            <p className="vip__keep">
              {t(p.keepTurnover.actual >= p.keepTurnover.expected ? 'vip_keep_met' : 'vip_keep', {
                name: p.playerRankName,
                actual: money(p.keepTurnover.actual),
                expected: money(p.keepTurnover.expected),
              })}
            </p>
          )}
        </div>
      </section>
      <DataTable
        columns={columns}
        data={p.tiers}
        caption={t('vip_tiers_caption')}
        rowKey={(r) => String(r.level)}
        testId="vip-tiers"
      />
      <p className="rebate__note">{t('vip_rules')}</p>
    </div>
  );
}
