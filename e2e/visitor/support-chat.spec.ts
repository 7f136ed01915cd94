import { deflateSync, crc32 } from 'node:zlib';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { en, field, withoutAnnouncementPopups } from '../support';

/** The demo operator (seed): admin of every brand, for the operator page at /ops. */
const operator = { username: 'demoops', password: 'demo-operator-123' };

/** A small real PNG (a gradient), made here so the upload is checked by its bytes like any other. */
function gradientPng(width = 160, height = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([240 - x, 120 + (y % 96), 60 + x / 2], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const thread = (scope: Page | Locator) => scope.getByRole('log').first();

test.describe('customer-service live chat', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('a visitor opens customer service, an operator answers from the console, both see it live', async ({
    page,
    browser,
  }) => {
    // Two browser contexts, the lobby and the console on a shared 2-core machine.
    test.setTimeout(300_000);
    const name = `Vera ${Date.now() % 100_000}`;

    // The visitor opens the window from the side menu: a popup of its own.
    await page.goto('/');
    const menu = page.getByRole('complementary', { name: en('common', 'menu'), exact: true });
    const popupOpened = page.waitForEvent('popup');
    await menu.getByRole('button', { name: en('common', 'customer_service'), exact: true }).click();
    const chat = await popupOpened;
    await chat.setViewportSize({ width: 440, height: 750 });
    await expect(chat).toHaveURL(/\/customer-service$/);
    await expect(chat.getByRole('heading', { name: en('support', 'start_title') })).toBeVisible();

    // Nobody has the console open yet: the window says the message is kept as a ticket.
    await expect(chat.getByText(en('support', 'offline_hint'))).toBeVisible();
    await field(chat.locator('form'), en('support', 'name')).fill(name);
    await field(chat.locator('form'), en('support', 'contact')).fill('vera@example.com');
    await chat.getByRole('button', { name: en('support', 'start'), exact: true }).click();
    const box = chat.getByRole('textbox', { name: en('support', 'message_placeholder') });
    await box.fill('Hello, my deposit has not arrived yet.');
    await box.press('Enter');
    await expect(thread(chat).getByText('Hello, my deposit has not arrived yet.')).toBeVisible();
    await chat.getByLabel(en('support', 'attach')).setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: gradientPng(),
    });
    await chat.getByRole('button', { name: en('support', 'send'), exact: true }).click();
    await expect(thread(chat).getByRole('img', { name: `Image from ${name}` })).toBeVisible();

    // The operator logs in to the console in another browser context.
    const opsContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const ops = await opsContext.newPage();
      await ops.goto('/ops');
      const login = ops.getByRole('region', { name: en('operator', 'login_title'), exact: true });
      await field(login, en('operator', 'username')).fill(operator.username);
      await field(login, en('operator', 'password')).fill(operator.password);
      await login.getByRole('button', { name: en('operator', 'login'), exact: true }).click();
      await ops.getByRole('link', { name: en('operator', 'nav.support'), exact: true }).click();
      const desk = ops.getByRole('region', { name: en('support', 'desk_title'), exact: true });
      await expect(desk.getByRole('status').getByText(en('support', 'desk_live'))).toBeVisible();

      // The console being open makes the brand online: the window hears it without a reload.
      await expect(chat.getByText(en('support', 'online'), { exact: true })).toBeVisible();
      await expect(chat.getByText(en('support', 'offline_hint'))).toHaveCount(0);

      // The ticket waits in the queue, unread.
      const queue = desk.getByRole('list', { name: en('support', 'desk_queue') });
      const row = queue.getByRole('button', { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await expect(row.getByLabel('2 unread')).toBeVisible();
      await row.click();
      const panel = desk.getByRole('region', { name, exact: true });
      await expect(thread(panel).getByText('Hello, my deposit has not arrived yet.')).toBeVisible();
      await expect(thread(panel).getByRole('img', { name: `Image from ${name}` })).toBeVisible();
      await expect(row.getByLabel('2 unread')).toHaveCount(0);

      const reply = panel.getByRole('textbox', { name: en('support', 'desk_reply_placeholder') });
      await reply.fill('Hi! Let me check that deposit for you.');
      await reply.press('Enter');

      // The visitor sees the answer live, and who is answering.
      await expect(thread(chat).getByText('Hi! Let me check that deposit for you.')).toBeVisible();
      await expect(chat.getByText(`You are chatting with ${operator.username}.`)).toBeVisible();

      // And the operator sees the visitor's next message live.
      await box.fill('Thank you! The reference is <b>R-1234</b>.');
      await box.press('Enter');
      await expect(thread(panel).getByText('Thank you! The reference is <b>R-1234</b>.')).toBeVisible();
      await expect(thread(panel).locator('b')).toHaveCount(0);
    } finally {
      await opsContext.close();
    }
  });
});
