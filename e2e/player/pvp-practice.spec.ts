import { expect, test } from '@playwright/test';
import { withoutAnnouncementPopups } from '../support';

/**
 * Practice tables (docs/pvp.md): a visitor plays three-card and hold'em hands with play chips
 * against computer players, each labelled so; the chips stay the four stacks' total, and not one
 * request about a card room's seat, bet or action reaches the server.
 */
test('a visitor plays practice hands against labelled computer players', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  await withoutAnnouncementPopups(context);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (/\/pvp\/(act|seat|bet|leave)/.test(r.url())) sent.push(r.url());
  });

  // From a real room, the practice tables are one click away for a visitor.
  await page.goto('/pvp/PVP_HOLDEM_1');
  await page
    .getByRole('navigation', { name: 'Practice tables' })
    .getByRole('link', { name: 'Practice: Three-Card' })
    .click();
  await expect(page).toHaveURL(/\/pvp\/PRACTICE_ZJH$/);

  for (const code of ['PRACTICE_ZJH', 'PRACTICE_HOLDEM']) {
    if (!page.url().endsWith(code)) await page.goto(`/pvp/${code}`);
    await expect(page.getByRole('note')).toContainText('No money moves');
    await expect(page.locator('.pvp-seat__computer')).toHaveCount(3);
    await expect(page.locator('.pvp-seat--mine .pvp-seat__computer')).toHaveCount(0);
    let snapped = false;
    // Whenever it is the visitor's turn: check if free, else call — until a hand is settled.
    await expect
      .poll(
        async () => {
          const status = (await page.locator('.pvp-status').textContent()) ?? '';
          if (status === 'Hand settled') return status;
          const turn = page.getByRole('region', { name: 'Your turn' });
          if ((await turn.count()) === 1) {
            if (!snapped) {
              snapped = true;
            }
            const check = turn.getByRole('button', { name: 'Check' });
            if ((await check.count()) === 1) await check.click();
            else await turn.getByRole('button', { name: /^Call/ }).click();
          }
          return status;
        },
        { timeout: 120_000, intervals: [400] },
      )
      .toBe('Hand settled');
    const stacks = await page
      .locator('.pvp-seat__stack')
      .evaluateAll((els) => els.map((e) => Number((e.textContent ?? '').replace(/[^0-9.]/g, ''))));
    expect(stacks).toHaveLength(4);
    expect(stacks.reduce((a, b) => a + b, 0)).toBeCloseTo(800, 6);
    await expect(page.locator('.pvp-seat__net')).toHaveCount(4);
  }
  expect(sent).toEqual([]);
  await context.close();
});
