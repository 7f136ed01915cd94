import { type OddsFormat, formatOdds, oddsFormats } from '@arcadia/games/sports';
import { useSyncExternalStore } from 'react';
import { local } from '../../../lib/storage';

export { oddsFormats, type OddsFormat };

const KEY = 'oddsFormat';
const listeners = new Set<() => void>();

function read(): OddsFormat {
  const v = local.get(KEY);
  return (oddsFormats as readonly string[]).includes(v ?? '') ? (v as OddsFormat) : 'decimal';
}

/** The member's odds format (decimal, Hong Kong, Malay, Indonesian), remembered on the device. */
export function useOddsFormat(): [OddsFormat, (f: OddsFormat) => void] {
  const format = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    () => 'decimal' as const,
  );
  const set = (f: OddsFormat) => {
    local.set(KEY, f);
    listeners.forEach((l) => l());
  };
  return [format, set];
}

/** A price (decimal thousandths from the wire) in a format, exactly converted, rounded for display. */
export function showOdds(odds: string, format: OddsFormat): string {
  return formatOdds(BigInt(odds), format);
}

/** A line in quarter goals as players read it: −3 → "−0.75", 10 → "2.5", 0 → "0". */
export function showLine(quarters: number, signed = true): string {
  const v = Math.abs(quarters) / 4;
  const text = Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(quarters) % 2 === 1 ? 2 : 1);
  if (!signed || quarters === 0) return text;
  return `${quarters < 0 ? '−' : '+'}${text}`;
}
