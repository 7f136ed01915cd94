/**
 * The house lottery's maths (docs/lottery-fairness.md): games and calendars, provably fair draws,
 * bet types with their content format, units, odds from the prize group, and settlement. Pure
 * and deterministic; the server schedules, sells and settles with these functions.
 */
export * from './calendar.js';
export * from './draw.js';
export * from './bets.js';
