import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAgentTeam } from '../../seeds/brands/demo.agent-team.js';
import { demoAccounts } from '../../seeds/seed.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
}, 180_000);
afterAll(() => t.close());

describe('demo agent team seed', () => {
  it('gives the demo agent a team with deposits, links and an announcement, once', async () => {
    const brand = await t.db
      .selectFrom('merchant')
      .select(['id', 'currency'])
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(await seedDemoAgentTeam(t.db, brand, demoAccounts.agent)).toBe(true);
    expect(await seedDemoAgentTeam(t.db, brand, demoAccounts.agent)).toBe(false);
    expect(await checkLedger(t.db)).toEqual([]);

    const token = await t.login(demoAccounts.agent.account, demoAccounts.agent.password);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    const overview = (await get('/wps/agent/team/overview')).json().value;
    // demoagent, demoplayer and the seven seeded accounts.
    expect(overview).toMatchObject({ teamSize: 9, directCount: 5, agentCount: 2, depositCount: 7 });
    expect(overview.depositAmount).toBe(2350); // 1,000.00 of the demo player plus 1,350.00
    const north = (await get('/wps/agent/downlines?account=demonorth')).json().value.list[0];
    expect(north).toMatchObject({ isAgent: true, directCount: 2, balance: 500 });
    expect((await get('/wps/agent/announcements')).json().value.list[0].title).toBe(
      'Welcome to the agent centre',
    );
    // A seeded downline can log in with the demo password and sees only its own team.
    const northToken = await t.login('demonorth', demoAccounts.agent.password);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/downlines',
      headers: { authorization: northToken },
    });
    expect(
      mine
        .json()
        .value.list.map((d: { account: string }) => d.account)
        .sort(),
    ).toEqual(['demoanna', 'demobruno']);
  });
});
