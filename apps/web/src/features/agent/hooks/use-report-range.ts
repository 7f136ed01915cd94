import { useState } from 'react';
import { type DateRange, presetRange, utcToday } from '../lib/dates';

/**
 * A report's date range (UTC days, as the rollups count them), the last seven days at first.
 * `onChange` runs with every new range (reports go back to their first page).
 */
export function useReportRange(onChange?: () => void) {
  const today = utcToday();
  const [range, setRangeState] = useState<DateRange>(() => presetRange('last_7_days', today));
  const setRange = (next: DateRange) => {
    setRangeState(next);
    onChange?.();
  };
  return { today, range, setRange };
}
