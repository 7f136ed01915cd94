import { type Page, expect, test } from '@playwright/test';
import { demo, en, field, opsApiKey } from '../support';

const r = (key: string, values?: Record<string, string | number>) => en('operator', `raffles.${key}`, values);

/** The operator login; on a busy machine the first paint may time out, and "Try again" reloads. */
async function logIn(page: Page) {
  await page.goto('/ops');
  const login = page.getByRole('region', { name: en('operator', 'login_title'), exact: true });
  const retry = page.getByRole('button', { name: en('common', 'retry'), exact: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await expect(login.or(retry).first()).toBeVisible({ timeout: 60_000 });
    if (await login.isVisible()) break;
    await retry.click();
  }
  await field(login, en('operator', 'username')).fill(demo.operator.username);
  await field(login, en('operator', 'password')).fill(demo.operator.password);
  await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
}

async function openRaffles(page: Page) {
  await logIn(page);
  await page.getByRole('link', { name: en('operator', 'nav.rewards'), exact: true }).click();
  const desk = page.getByRole('region', { name: en('operator', 'settings_title'), exact: true });
  await desk.getByRole('tab', { name: en('operator', 'settings_feature.raffles'), exact: true }).click();
  await expect(desk.getByTestId('ops-raffles')).toBeVisible();
  return desk;
}

test.describe('back office: Raffles', () => {
  test.setTimeout(180_000);

  test('an admin creates a raffle with a reason, sees its commitment, edits its title, then removes it', async ({
    page,
  }) => {
    const id = `e2e-${Date.now().toString(36)}`;
    const desk = await openRaffles(page);

    // Create: a title, a window, a second prize tier, a reason.
    await desk.getByRole('button', { name: r('new'), exact: true }).click();
    const form = desk.getByRole('form', { name: r('new_title'), exact: true });
    await form.getByRole('button', { name: r('save'), exact: true }).click();
    await expect(form.getByText(r('err_title'))).toBeVisible();
    await field(form, r('field.id')).fill(id);
    await field(form, r('field.title', { language: 'EN' })).fill('Weekend dice raffle');
    await field(form, r('field.title', { language: 'ZH' })).fill('周末骰子抽奖');
    // A window a year away: other specs move the server's test clock ahead of the browser's, and
    // the raffle must still be scheduled (editable, removable) when it is listed.
    const at = (days: number, hours = 0) => {
      const d = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
    };
    await field(form, r('field.startsAt')).fill(at(365));
    await field(form, r('field.endsAt')).fill(at(372));
    await field(form, r('field.drawAt')).fill(at(372, 1));
    await field(form, r('field.turnoverPerTicket')).fill('50');
    await field(form, r('field.ticketsPerDeposit')).fill('2');
    await field(form, r('field.minDeposit')).fill('20');
    await form.getByRole('checkbox', { name: 'RNG', exact: true }).check();
    await form.getByRole('button', { name: r('add_tier'), exact: true }).click();
    await field(form, en('operator', 'reason')).fill('weekend promotion, end-to-end');
    await form.getByRole('button', { name: r('save'), exact: true }).click();
    await expect(form).toBeHidden();

    // Listed as scheduled with the commitment the server published (SHA-256, 64 hex digits).
    const table = desk.getByTestId('ops-raffles-table');
    const row = table.getByRole('row').filter({ hasText: id });
    await expect(row).toContainText('Weekend dice raffle');
    await expect(row).toContainText(r('status.upcoming'));
    const commitment = row.getByTestId('raffle-commitment');
    await expect(commitment).toHaveText(/^[0-9a-f]{64}$/);
    const api = await page.request.get('/ops/merchants/demo/rewards/liabilities', {
      headers: { 'x-ops-key': opsApiKey },
    });
    const published = ((await api.json()).value.raffles.list as { id: string; commitment: string }[]).find(
      (x) => x.id === id,
    );
    await expect(commitment).toHaveText(published!.commitment);

    // Edit its title (with a reason); the list shows the new one.
    await row.getByRole('button', { name: r('edit_of', { id }), exact: true }).click();
    const edit = desk.getByRole('form', { name: r('edit_title', { id }), exact: true });
    await field(edit, r('field.title', { language: 'EN' })).fill('Grand weekend dice raffle');
    await field(edit, en('operator', 'reason')).fill('a clearer title');
    await edit.getByRole('button', { name: r('save'), exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Grand weekend dice raffle');
    await expect(row.getByTestId('raffle-commitment')).toHaveText(published!.commitment);

    // Not opened yet: it may go, with a reason.
    await row.getByRole('button', { name: r('remove_of', { id }), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await field(dialog, en('operator', 'reason')).fill('end-to-end clean-up');
    await dialog.getByRole('button', { name: r('remove'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: id })).toHaveCount(0);
  });
});
