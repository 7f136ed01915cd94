/**
 * The house lottery's games and their draw calendars (docs/lottery-fairness.md). Time zones are
 * fixed UTC offsets: every zone the house lotteries draw in (Viet Nam, Malaysia, China) has no
 * daylight saving time, so an offset is exact and needs no time-zone database.
 */

export const lotteryFamilies = [
  'ssc',
  '11x5',
  'pk10',
  'k3',
  'vn_north',
  'vn_south',
  'vn_fast',
  'sea_4d',
] as const;
export type LotteryFamily = (typeof lotteryFamilies)[number];

/** Which centre and betting page show a game: LOTT/ELOTT → /lottery, VN → /vnLottery, SEA → /seaLottery. */
export type LotteryKind = 'LOTT' | 'ELOTT' | 'VN' | 'SEA';

export type LotterySchedule =
  /** A draw every `seconds`, counted from midnight in the zone (issue 001 closes first). */
  | { type: 'interval'; seconds: number }
  /** Draws at fixed times of day ('HH:MM'), issue 001 the first of the day. */
  | { type: 'daily'; times: string[] }
  /** One draw on each listed weekday (0 = Sunday) at `time`. */
  | { type: 'weekly'; days: number[]; time: string };

export interface LotteryGameDef {
  code: string;
  family: LotteryFamily;
  kind: LotteryKind;
  names: Record<'en' | 'zh', string>;
  schedule: LotterySchedule;
  /** The zone's offset from UTC in minutes (Asia/Ho_Chi_Minh +420, Asia/Kuala_Lumpur +480). */
  utcOffsetMinutes: number;
}

export const lotteryGames: readonly LotteryGameDef[] = [
  {
    code: 'SSC1',
    family: 'ssc',
    kind: 'ELOTT',
    names: { en: '1-Minute Lotto 5D', zh: '一分时时彩' },
    schedule: { type: 'interval', seconds: 60 },
    utcOffsetMinutes: 480,
  },
  {
    code: 'SSC5',
    family: 'ssc',
    kind: 'LOTT',
    names: { en: '5-Minute Lotto 5D', zh: '五分时时彩' },
    schedule: { type: 'interval', seconds: 300 },
    utcOffsetMinutes: 480,
  },
  {
    code: '11X5_3',
    family: '11x5',
    kind: 'LOTT',
    names: { en: '3-Minute 11 Choose 5', zh: '三分11选5' },
    schedule: { type: 'interval', seconds: 180 },
    utcOffsetMinutes: 480,
  },
  {
    code: 'PK10_5',
    family: 'pk10',
    kind: 'LOTT',
    names: { en: '5-Minute Racing 10', zh: '五分赛车' },
    schedule: { type: 'interval', seconds: 300 },
    utcOffsetMinutes: 480,
  },
  {
    code: 'K3_2',
    family: 'k3',
    kind: 'ELOTT',
    names: { en: '2-Minute Fast Dice', zh: '两分快三' },
    schedule: { type: 'interval', seconds: 120 },
    utcOffsetMinutes: 480,
  },
  {
    code: 'VN_NORTH',
    family: 'vn_north',
    kind: 'VN',
    names: { en: 'North Lottery', zh: '越南北部彩' },
    schedule: { type: 'daily', times: ['18:15'] },
    utcOffsetMinutes: 420,
  },
  {
    code: 'VN_SOUTH',
    family: 'vn_south',
    kind: 'VN',
    names: { en: 'South Lottery', zh: '越南南部彩' },
    schedule: { type: 'daily', times: ['16:15'] },
    utcOffsetMinutes: 420,
  },
  {
    code: 'VN_FAST5',
    family: 'vn_fast',
    kind: 'VN',
    names: { en: '5-Minute VN Lottery', zh: '越南五分彩' },
    schedule: { type: 'interval', seconds: 300 },
    utcOffsetMinutes: 420,
  },
  {
    code: 'SEA_4D',
    family: 'sea_4d',
    kind: 'SEA',
    names: { en: '4D Lottery', zh: '4D彩票' },
    schedule: { type: 'weekly', days: [0, 3, 6], time: '19:00' },
    utcOffsetMinutes: 480,
  },
];

export function lotteryGame(code: string): LotteryGameDef | undefined {
  return lotteryGames.find((g) => g.code === code);
}

export interface LotteryIssueTime {
  /** 'YYYYMMDD-NNN' in the game's zone ('YYYYMMDD-NNNN' for games of more than 999 draws a day). */
  issue: string;
  /** Sales open (the previous draw's time). */
  opensAt: Date;
  /** The draw; sales close a brand-set number of seconds before it. */
  drawAt: Date;
}

const DAY_MS = 86_400_000;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Local midnight (as a UTC instant) of the zone day containing `at`. */
function localMidnight(at: number, offsetMs: number): number {
  return Math.floor((at + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

function dayLabel(midnight: number, offsetMs: number): string {
  const d = new Date(midnight + offsetMs);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
}

const minutesOf = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new RangeError(`bad time ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** The draws of one zone day, in order: [drawAt, issue]. */
function drawsOfDay(game: LotteryGameDef, midnight: number): [number, string][] {
  const offsetMs = game.utcOffsetMinutes * 60_000;
  const label = dayLabel(midnight, offsetMs);
  const s = game.schedule;
  if (s.type === 'interval') {
    const per = s.seconds * 1000;
    const count = Math.floor(DAY_MS / per);
    // More than 999 draws a day (a one-minute game draws 1,440) number with four digits.
    const width = count > 999 ? 4 : 3;
    return Array.from({ length: count }, (_, i) => [
      midnight + (i + 1) * per,
      `${label}-${pad(i + 1, width)}`,
    ]);
  }
  if (s.type === 'daily') {
    return s.times
      .map(minutesOf)
      .sort((a, b) => a - b)
      .map((m, i) => [midnight + m * 60_000, `${label}-${pad(i + 1, 3)}`]);
  }
  const weekday = new Date(midnight + offsetMs).getUTCDay();
  return s.days.includes(weekday) ? [[midnight + minutesOf(s.time) * 60_000, `${label}-001`]] : [];
}

/** The next `count` draws strictly after `at`, each with the time its sales opened (the draw before). */
export function nextIssues(game: LotteryGameDef, at: Date, count: number): LotteryIssueTime[] {
  const offsetMs = game.utcOffsetMinutes * 60_000;
  const t = at.getTime();
  const out: LotteryIssueTime[] = [];
  let previous: number | null = null;
  // Start a week back so the draw before the first one found is known (weekly games).
  for (let day = localMidnight(t, offsetMs) - 7 * DAY_MS; out.length < count; day += DAY_MS) {
    for (const [drawAt, issue] of drawsOfDay(game, day)) {
      if (drawAt > t && out.length < count) {
        out.push({ issue, opensAt: new Date(previous ?? drawAt - DAY_MS), drawAt: new Date(drawAt) });
      }
      previous = drawAt;
    }
    if (day > t + 400 * DAY_MS) throw new RangeError(`${game.code}: no draw within a year`);
  }
  return out;
}

/** The issue on sale at `at`: the first draw after it. */
export function issueAt(game: LotteryGameDef, at: Date): LotteryIssueTime {
  return nextIssues(game, at, 1)[0]!;
}

/** The fair stream's nonce of an issue: its digits ('20261125-042' → 20261125042). */
export function issueNonce(issue: string): number {
  if (!/^\d{8}-\d{3,4}$/.test(issue)) throw new RangeError(`bad issue ${issue}`);
  return Number(issue.replace('-', ''));
}
