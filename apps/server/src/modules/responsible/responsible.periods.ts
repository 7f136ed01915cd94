import { RG_RAISE_DELAY_HOURS, type RgPeriod } from '@arcadia/contract';

/** The rolling window of each period. */
export const WINDOW_MS: Record<RgPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};

/** How long a raise or a removal of a limit waits before it applies (the 24-hour rule). */
export const RAISE_DELAY_MS = RG_RAISE_DELAY_HOURS * 3_600_000;
