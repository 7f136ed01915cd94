/** Calendar dates as `yyyy-mm-dd` strings (what `<input type="date">` holds and the reports take). */

export interface DateRange {
  from: string;
  to: string;
}

export const rangePresets = [
  'today',
  'yesterday',
  'this_week',
  'last_7_days',
  'this_month',
  'last_month',
] as const;
export type RangePreset = (typeof rangePresets)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's local calendar date of `date`. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// Date arithmetic on the calendar date alone, at UTC noon, so no daylight-saving change can move it.
function parse(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!, 12));
}
function format(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDays(day: string, days: number): string {
  const date = parse(day);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange(range: DateRange): number {
  return Math.round((parse(range.to).getTime() - parse(range.from).getTime()) / 86_400_000) + 1;
}

/** The dates a preset stands for, seen from `today`. Weeks start on Monday (ISO 8601). */
export function presetRange(preset: RangePreset, today: string): DateRange {
  const date = parse(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'this_week':
      return { from: addDays(today, -((date.getUTCDay() + 6) % 7)), to: today };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'this_month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last_month': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The preset that `range` matches, if any (to show it selected). */
export function matchingPreset(range: DateRange, today: string): RangePreset | undefined {
  return rangePresets.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  });
}

export type RangeProblem = 'order' | 'too_long' | 'future';

/** Why the server would refuse `range` (checked here first so the user is told at once). */
export function rangeProblem(range: DateRange, today: string, maxDays: number): RangeProblem | undefined {
  if (range.from > range.to) return 'order';
  if (range.from > today) return 'future';
  if (daysInRange(range) > maxDays) return 'too_long';
  return undefined;
}

/** Today as a UTC calendar date: the calendar of the reports' daily rollups. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
