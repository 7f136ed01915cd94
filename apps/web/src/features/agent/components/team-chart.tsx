import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OverviewDay } from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';

export const chartMetrics = ['validBet', 'profitLoss', 'depositAmount', 'withdrawAmount', 'payout'] as const;
export type ChartMetric = (typeof chartMetrics)[number];

// Series colours are theme tokens, so the chart follows light and dark like everything else.
const metricColour: Record<ChartMetric, string> = {
  validBet: 'var(--color-accent)',
  profitLoss: 'var(--color-danger)',
  depositAmount: 'var(--color-success)',
  withdrawAmount: 'var(--color-focus)',
  payout: 'var(--color-text-muted)',
};

/**
 * The team overview's daily series as lines, one per chosen figure (recharts). The toggle chips
 * carry each line's colour, so they are the legend too.
 */
export function TeamChart({ series }: { series: OverviewDay[] }) {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const [shown, setShown] = useState<ChartMetric[]>(['validBet', 'profitLoss', 'depositAmount']);
  const toggle = (m: ChartMetric) => setShown((s) => (s.includes(m) ? s.filter((x) => x !== m) : [...s, m]));
  return (
    <figure className="team-chart">
      <figcaption className="team-chart__head">
        <span className="team-chart__title">{t('chart_title')}</span>
        <span className="team-chart__toggles" role="group" aria-label={t('chart_series')}>
          {chartMetrics.map((m) => (
            <button
              key={m}
              type="button"
              className="chip"
              aria-pressed={shown.includes(m)}
              onClick={() => toggle(m)}
            >
              <span className="chip__dot" style={{ background: metricColour[m] }} aria-hidden="true" />
              {t(`figures.${m}`)}
            </button>
          ))}
        </span>
      </figcaption>
      <div className="team-chart__plot" role="img" aria-label={t('chart_label', { days: series.length })}>
        <ResponsiveContainer width="100%" height={280}>
          <LineChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="day"
              tickFormatter={f.day}
              stroke="var(--color-text-muted)"
              tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
              minTickGap={16}
            />
            <YAxis
              stroke="var(--color-text-muted)"
              tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
              tickFormatter={(v: number) => f.money(v, { symbol: false })}
              width={84}
            />
            <Tooltip
              contentStyle={{
                background: 'var(--color-surface)',
                border: '1px solid var(--color-border)',
                borderRadius: 8,
                color: 'var(--color-text)',
              }}
              labelFormatter={(label) => f.day(String(label))}
              formatter={(value, name) => [f.money(Number(value)), t(`figures.${name as ChartMetric}`)]}
            />
            {shown.map((m) => (
              <Line
                key={m}
                type="monotone"
                dataKey={m}
                name={m}
                stroke={metricColour[m]}
                strokeWidth={2}
                dot={series.length <= 31}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
