import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

const axis = { stroke: 'var(--color-text-muted)', tick: { fill: 'var(--color-text-muted)', fontSize: 12 } };
const tooltipStyle = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-text)',
};

/**
 * One report's chart (recharts, loaded with the reports page only): lines over days, or bars per
 * vendor, game or category. Colours are theme tokens, so light and dark follow.
 */
export default function ReportChart({
  kind,
  data,
  xKey,
  series,
  label,
  format,
}: {
  kind: 'line' | 'bar';
  data: Record<string, string | number>[];
  xKey: string;
  series: ChartSeries[];
  label: string;
  format(value: number): string;
}) {
  const names = Object.fromEntries(series.map((s) => [s.key, s.label]));
  const common = {
    data,
    margin: { top: 8, right: 12, bottom: 0, left: 4 },
  };
  const parts = (
    <>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
      <XAxis dataKey={xKey} {...axis} minTickGap={12} />
      <YAxis {...axis} tickFormatter={(v: number) => format(v)} width={76} />
      <Tooltip
        contentStyle={tooltipStyle}
        formatter={(value, name) => [format(Number(value)), names[String(name)] ?? String(name)]}
      />
      <Legend formatter={(name) => names[String(name)] ?? String(name)} />
    </>
  );
  return (
    <div className="ops-report__chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={260}>
        {kind === 'line' ? (
          <LineChart {...common}>
            {parts}
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.key}
                stroke={s.colour}
                strokeWidth={2}
                dot={data.length <= 31}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {parts}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.key} fill={s.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
