import { expect, test } from '@playwright/test';
import {
  en,
  merchantCode,
  opsApiKey,
  password,
  registerByUsername,
  uniqueUsername,
  withoutAnnouncementPopups,
} from '../support';
import { creditByOperator, memberToken, openMemberPage, rollDice } from '../support/wallet';

/*
 * Raffles (docs/rewards.md "Raffles"): the operator writes a raffle (with a reason) whose window
 * is open now; a new member's dice rounds through the real wallet callbacks earn it tickets on
 * /promotions (countdown, prizes, the published commitment). The schedules' clock moves past the
 * draw time, the rewards job draws it, the seed is revealed and checked against the commitment, and
 * the member (every entrant wins one prize: there are more prizes than entrants) claims its prize
 * from the reward centre.
 */
test.describe('raffles', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a member earns tickets by playing, wins the draw and claims the prize', async ({ page, request }) => {
    test.slow();
    const clock = async (advanceMs: number) => {
      const res = await request.post('/dev/clock', { data: { advanceMs } });
      expect(res.status(), await res.text()).toBe(200);
      return Date.parse(((await res.json()) as { value: { now: string } }).value.now);
    };
    const serverNow = await clock(0);
    const id = `e2e-${Date.now() % 1_000_000}`;
    const startsAt = new Date(Date.now()).toISOString();
    const endsAt = new Date(serverNow + 10 * 60_000).toISOString();
    const raffle = {
      id,
      title: { EN: 'Winter raffle', ZH: '冬季抽奖' },
      summary: { EN: 'Every 1.00 you bet is a ticket. Prizes for everyone at the draw.' },
      startsAt,
      endsAt,
      drawAt: endsAt,
      turnoverPerTicket: 1,
      maxTickets: 50,
      // The demo brand's own players play too: enough prizes for every entrant (one each).
      prizes: [
        { count: 1, amount: 8.88 },
        { count: 30, amount: 1 },
      ],
      claimDays: 3,
    };
    const write = await request.put(`/ops/merchants/${merchantCode}/rewards/settings`, {
      headers: { 'x-ops-key': opsApiKey },
      data: { feature: 'raffles', value: { list: [raffle] }, reason: 'winter raffle e2e' },
    });
    expect(write.status(), await write.text()).toBe(200);

    const username = uniqueUsername('rf');
    await registerByUsername(page, username, password('rf'));
    const token = await memberToken(page);
    await creditByOperator(page.request, username, 10, 'raffle test stake money');
    await rollDice(page, token, 0, 3);

    await page.goto('/promotions');
    const card = page.getByTestId(`raffle-${id}`);
    await expect(card.getByRole('heading', { name: 'Winter raffle' })).toBeVisible();
    await expect(card.getByText(en('rewards', 'raffle_status.open'), { exact: true })).toBeVisible();
    await expect(card.getByTestId('raffle-tickets')).toHaveText('3');
    await expect(card.getByTestId('raffle-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
    await card.getByText(en('rewards', 'raffle_fair'), { exact: true }).click();
    const commitment = (await card.getByTestId('raffle-commitment').textContent())!;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await expect(card.getByText(en('rewards', 'raffle_seed_hidden'), { exact: true })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));

    // The draw time passes on the schedules' clock; the rewards job draws the raffle once.
    await clock(Date.parse(endsAt) - (await clock(0)) + 30_000);
    type Status = {
      id: string;
      status: string;
      totalTickets: number | null;
      entries: number | null;
      tickets: number | null;
      mine: { rank: number; amount: number; status: string }[];
    };
    const status = async () => {
      const res = await request.get('/wps/relay/MCSFE_getRafflePromotionStatus', {
        headers: { Authorization: token },
      });
      return ((await res.json()) as { value: { list: Status[] } }).value.list.find((r) => r.id === id)!;
    };
    await expect
      .poll(async () => (await status()).status, { timeout: 120_000, intervals: [2_000] })
      .toBe('drawn');
    const drawn = await status();
    expect(drawn.tickets).toBe(3);
    // Every entrant wins one prize (there are more prizes than entrants).
    expect(drawn.mine).toHaveLength(1);
    const prize = drawn.mine[0]!;
    const amount = `$${prize.amount.toFixed(2)}`;

    await page.reload();
    await expect(card.getByText(en('rewards', 'raffle_status.drawn'), { exact: true }).first()).toBeVisible();
    await expect(
      card.getByText(
        en('rewards', 'raffle_results', { tickets: drawn.totalTickets!, entries: drawn.entries! }),
      ),
    ).toBeVisible();
    const rank = en('rewards', 'raffle_rank', { rank: prize.rank });
    await expect(
      card.getByText(en('rewards', 'raffle_you_won', { rank, amount }), { exact: true }),
    ).toBeVisible();
    await card.getByText(en('rewards', 'raffle_fair'), { exact: true }).click();
    const seed = (await card.getByTestId('raffle-seed').textContent())!;
    // The revealed seed is the one committed to.
    const digest = await page.evaluate(async (s) => {
      const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
      return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    }, seed);
    expect(digest).toBe(commitment);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The prize waits in the reward centre with its expiry, and is claimed there once.
    const centre = await openMemberPage(page, 'rewardCenter');
    const item = centre.getByRole('listitem').filter({ hasText: en('rewards', 'centre_kind.raffle') });
    await expect(item).toContainText('Winter raffle');
    await expect(item).toContainText(en('rewards', 'raffle_claim_by', { time: '' }).trim());
    await item.getByRole('button', { name: en('rewards', 'promo_claim', { amount }) }).click();
    await expect(page.getByText(en('rewards', 'promo_claimed_toast', { amount }))).toBeVisible();
    await expect(item).toHaveCount(0);

    await page.goto('/promotions');
    await expect(card.getByText(en('rewards', 'raffle_prize_status.claimed'), { exact: true })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the drawn raffle fits a 390-px screen for a visitor', async ({ page }) => {
      await page.goto('/promotions');
      const card = page.locator('[data-testid^="raffle-e2e-"]').first();
      await expect(
        card.getByText(en('rewards', 'raffle_status.drawn'), { exact: true }).first(),
      ).toBeVisible();
      await expect(
        card.getByRole('button', { name: en('rewards', 'raffle_login'), exact: true }),
      ).toBeVisible();
      await expect(card.getByTestId('raffle-tickets')).toHaveText('—');
      await card.getByText(en('rewards', 'raffle_fair'), { exact: true }).click();
      await expect(card.getByTestId('raffle-seed')).toHaveText(/^[0-9a-f]{64}$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.evaluate(() => window.scrollTo(0, 0));
    });
  });
});
