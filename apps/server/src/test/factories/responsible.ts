import { rgStatusSchema } from '@arcadia/contract';
import { expect } from 'vitest';
import type { TestApp } from '../build-test-app.js';

/**
 * Responsible gaming's test helpers over the test app `app()` (read when called, so a file's
 * `beforeAll` may build it): deposits, the member's status, limits, breaks, the test clock, and a
 * dice game launched through the real launch.
 */
export function rgHelpers(app: () => TestApp) {
  let seq = 0;
  const auth = (token: string) => ({ authorization: token });
  const deposit = (token: string, amount: string, requestId = `rg-${++seq}-${Date.now()}`) =>
    app().app.inject({
      method: 'POST',
      url: '/wps/transaction/deposit',
      payload: { channel: 'DEMOPAY', amount, requestId },
      headers: auth(token),
    });
  const status = async (token: string) => {
    const res = await app().app.inject({ method: 'GET', url: '/wps/member/rg', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return rgStatusSchema.parse(res.json().value);
  };
  const setLimit = (token: string, period: string, amount: string | null) =>
    app().app.inject({
      method: 'PUT',
      url: '/wps/member/rg/depositLimit',
      payload: { period, amount },
      headers: auth(token),
    });
  const exclude = (token: string, body: Record<string, unknown>) =>
    app().app.inject({
      method: 'POST',
      url: '/wps/member/rg/exclusion',
      payload: { confirm: true, ...body },
      headers: auth(token),
    });
  const clockBy = (ms: number) =>
    app().app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });
  const day = (s: Awaited<ReturnType<typeof status>>) => s.depositLimits.find((l) => l.period === 'day')!;

  /** A dice game launched through the real launch, and one roll of it through the house vendor. */
  async function dice(token: string) {
    const launch = await app().app.inject({
      method: 'GET',
      url: '/wps/game/launchGame?gameCode=AUR_AURORA_DICE&accountType=1',
      headers: auth(token),
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const gameToken = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get('token')!;
    return (stake: string, target = 4950) =>
      app().app.inject({
        method: 'POST',
        url: '/house/api/play',
        headers: { 'x-game-token': gameToken },
        payload: { action: 'play', stake, params: { target, direction: 'over' } },
      });
  }

  return { auth, deposit, status, setLimit, exclude, clockBy, day, dice };
}
