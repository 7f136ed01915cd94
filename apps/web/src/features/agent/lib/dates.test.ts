import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, matchingPreset, presetRange, rangeProblem, utcToday } from './dates';

describe('report date ranges', () => {
  // 2026-11-22 is a Sunday.
  const today = '2026-11-22';

  it('turns presets into UTC calendar ranges, weeks starting on Monday', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(presetRange('this_week', today)).toEqual({ from: '2026-11-16', to: today });
    expect(presetRange('this_week', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-16' });
    expect(presetRange('last_7_days', today)).toEqual({ from: '2026-11-16', to: today });
    expect(presetRange('this_month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('last_month', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('recognises the preset a range matches', () => {
    expect(matchingPreset({ from: '2026-11-01', to: today }, today)).toBe('this_month');
    expect(matchingPreset({ from: '2026-11-02', to: today }, today)).toBeUndefined();
  });

  it('refuses what the server would refuse: reversed, future and over-long ranges', () => {
    expect(rangeProblem({ from: '2026-11-10', to: '2026-11-09' }, today, 93)).toBe('order');
    expect(rangeProblem({ from: '2026-11-23', to: '2026-11-24' }, today, 93)).toBe('future');
    expect(rangeProblem({ from: addDays(today, -92), to: today }, today, 93)).toBeUndefined();
    expect(rangeProblem({ from: addDays(today, -93), to: today }, today, 93)).toBe('too_long');
    expect(daysInRange({ from: today, to: today })).toBe(1);
  });

  it('counts days across a daylight-saving change and takes today from UTC', () => {
    expect(daysInRange({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
    expect(utcToday(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });
});
