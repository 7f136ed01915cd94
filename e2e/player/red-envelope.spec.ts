import { expect, test } from '@playwright/test';
import { agentLogin, en, logInDemoPlayerQuietly } from '../support';
import {
  MAIN,
  creditByOperator,
  memberToken,
  openMemberPage,
  walletBalance,
  walletOf,
} from '../support/wallet';

/*
 * Red envelopes (docs/rewards.md): the demo agent sends an envelope to its direct downlines from
 * the agent centre; the demo player, one of them, opens it in the reward centre in another browser
 * context, and the share lands in its wallet.
 */
test.describe('red envelopes', () => {
  test('the agent sends one; its downline opens it from the reward centre', async ({ page, browser }) => {
    test.slow();
    await creditByOperator(page.request, 'demoagent', 20, 'red envelope test money');
    await agentLogin(page);
    await page
      .getByRole('navigation', { name: en('agent', 'agent_center'), exact: true })
      .getByRole('button', { name: en('agent', 'agentRedRain'), exact: true })
      .click();
    const form = page.getByRole('form', { name: en('rewards', 'envelope_send_title') });
    const message = `Cheers ${Date.now().toString(36)}`;
    await form.getByLabel(en('rewards', 'envelope_total'), { exact: true }).fill('10');
    await form.getByLabel(en('rewards', 'envelope_count'), { exact: true }).fill('2');
    await form.getByLabel(en('rewards', 'envelope_message'), { exact: true }).fill(message);
    await form.getByRole('button', { name: en('rewards', 'envelope_send') }).click();
    await expect(page.getByTestId('envelopes-sent')).toContainText('0/2');

    const player = await browser.newContext();
    try {
      const p = await player.newPage();
      await logInDemoPlayerQuietly(p);
      const token = await memberToken(p);
      const before = walletOf(await walletBalance(p.request, token), MAIN);
      const centre = await openMemberPage(p, 'rewardCenter');
      const item = centre.getByRole('listitem').filter({ hasText: message });
      await expect(item).toBeVisible();
      await item.getByRole('button', { name: en('rewards', 'envelope_open') }).click();
      await expect(item).toHaveCount(0);
      const after = walletOf(await walletBalance(p.request, token), MAIN);
      const got = Math.round((after - before) * 100);
      expect(got).toBeGreaterThanOrEqual(1);
      expect(got).toBeLessThanOrEqual(999);
    } finally {
      await player.close();
    }
    await page.reload();
    await page
      .getByRole('navigation', { name: en('agent', 'agent_center'), exact: true })
      .getByRole('button', { name: en('agent', 'agentRedRain'), exact: true })
      .click();
    await expect(page.getByTestId('envelopes-sent').getByRole('row').nth(1)).toContainText('1/2');
  });
});
