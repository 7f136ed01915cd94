import type { ReactNode } from 'react';

export interface TotalsItem {
  label: string;
  value: ReactNode;
  /** A signed figure: green when above zero, red below. */
  signed?: number;
}

/** The figures of a report's whole range (or filter) above its table. */
export function TotalsBar({ label, items }: { label: string; items: readonly TotalsItem[] }) {
  return (
    <dl className="totals-bar" aria-label={label}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd className={moneyTone(item.signed)}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `money--in` above zero, `money--out` below, nothing for zero or an unsigned figure. */
export function moneyTone(n: number | undefined): string | undefined {
  return n === undefined || n === 0 ? undefined : n > 0 ? 'money--in' : 'money--out';
}
