import { useState } from 'react';
import { type DateRange, presetRange, utcToday } from '../lib/dates';

/** A report's date range (UTC days, as the rollups count them), the last seven days at first. */
export function useReportRange() {
  const today = utcToday();
  const [range, setRange] = useState<DateRange>(() => presetRange('last_7_days', today));
  return { today, range, setRange };
}
