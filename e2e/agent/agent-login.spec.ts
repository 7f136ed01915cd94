import { expect, test } from '@playwright/test';
import { demo, en, field, pathOf } from '../support';

test.describe('agent door /agent', () => {
  test('the demo agent logs in and lands in the agent centre', async ({ page }) => {
    await page.goto('/agent');
    await expect(
      page.getByRole('heading', { level: 1, name: en('auth', 'agent_login_title') }),
    ).toBeVisible();
    const card = page.getByRole('region', { name: en('auth', 'login_title'), exact: true });
    await field(card, en('auth', 'agent_account')).fill(demo.agent.username);
    await field(card, en('auth', 'password')).fill(demo.agent.password);
    // No free trial and no SMS login at the agent door.
    await expect(card.getByRole('button', { name: en('auth', 'free_trial') })).toHaveCount(0);
    await expect(card.getByRole('tab')).toHaveCount(0);
    await card.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();

    await expect.poll(() => pathOf(page)).toBe('/agentHome');
    await expect(page.getByText(en('agent', 'agent_center'), { exact: true })).toBeVisible();
    const timeZone = new RegExp(`^${en('agent', 'time_zone')}: GMT[+-]\\d{2}:\\d{2}$`);
    await expect(page.getByText(timeZone)).toBeVisible();
    // The clock ticks every second.
    const clock = page.getByRole('time');
    await expect(clock).toBeVisible();
    const shown = await clock.getAttribute('datetime');
    await expect.poll(() => clock.getAttribute('datetime')).not.toBe(shown);
    // The seeded agent's nickname.
    await expect(page.getByText('Demo Agent', { exact: true })).toBeVisible();
    // The left navigation with the default page selected, its title on the right.
    const nav = page.getByRole('navigation', { name: en('agent', 'agent_center'), exact: true });
    await expect(nav).toBeVisible();
    const overview = nav.getByRole('button', { name: en('agent', 'agentTeamOverview'), exact: true });
    await expect(overview).toHaveAttribute('aria-current', 'page');
    await expect(
      page.getByRole('heading', { level: 2, name: en('agent', 'agentTeamOverview') }),
    ).toBeVisible();
    const team = nav.getByRole('button', { name: en('agent', 'downlineManagmentView'), exact: true });
    await expect(team).toBeVisible();
    await expect(
      nav.getByRole('button', { name: en('agent', 'customerService'), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: en('agent', 'logout'), exact: true })).toBeVisible();

    // Another entry of the navigation opens its page on the right.
    await team.click();
    await expect(team).toHaveAttribute('aria-current', 'page');
    await expect(overview).not.toHaveAttribute('aria-current', 'page');
    await expect(
      page.getByRole('heading', { level: 2, name: en('agent', 'downlineManagmentView') }),
    ).toBeVisible();
  });

  test('a member is refused at the agent door and stays on /agent', async ({ page }) => {
    await page.goto('/agent');
    const card = page.getByRole('region', { name: en('auth', 'login_title'), exact: true });
    await field(card, en('auth', 'agent_account')).fill(demo.player.username);
    await field(card, en('auth', 'password')).fill(demo.player.password);
    await card.getByRole('button', { name: en('auth', 'login_submit'), exact: true }).click();

    await expect(card.getByRole('alert')).toHaveText(en('errors', 'error_not_agent'));
    expect(pathOf(page)).toBe('/agent');
    await expect(page.getByText(en('agent', 'agent_center'), { exact: true })).toHaveCount(0);
  });
});
