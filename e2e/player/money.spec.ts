import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  withoutAnnouncementPopups,
  MAIN,
  approveWithdrawal,
  depositChannels,
  en,
  field,
  headerBalance,
  memberDeposit,
  memberToken,
  memberTransactions,
  memberWithdrawals,
  money,
  openMemberPage,
  password,
  registerByUsername,
  uniqueUsername,
  walletBalance,
  walletName,
  walletOf,
} from '../support';

/** The demo brand's transfer-mode game wallet (seed: `transferWallets: ['PT']`). */
const VENDOR = 'PT';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exactly these texts one after the other, whatever whitespace the markup puts between them. */
const texts = (...parts: string[]) => new RegExp(`^${parts.map(escapeRegExp).join('\\s*')}$`);

/** The element holding a label and its figure ("Total balance $1.00", a `<dt>`/`<dd>` pair). */
const labelled = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=..');

/** A toast (role status) with exactly this text. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: texts(text) });

test.describe('money: a member deposits, transfers, withdraws and confirms receipt', () => {
  test.beforeEach(({ context }) => withoutAnnouncementPopups(context));

  test('every figure on screen matches the ledger along the way', async ({ page }) => {
    test.slow();
    const api = page.request;
    const username = uniqueUsername('pm');
    const loginPassword = password('m');
    const paymentPassword = password('p');
    const bank = { name: 'E2E Savings Bank', number: '4000 1234 5678', holder: 'E2E Player' };

    // A fresh member, so the figures below do not depend on anyone else's balance.
    await registerByUsername(page, username, loginPassword);
    const token = await memberToken(page);
    const start = await walletBalance(api, token);
    expect(start.sumBalance).toBe(0);
    expect(start.balance.map((w) => w.wallet)).toEqual([MAIN, VENDOR]);
    const fmt = (value: number, signed = false) =>
      money(value, { symbol: start.currencySymbol, scale: start.currencyScale, signed });

    /** The header shows `total`, and so does the ledger (the balance API). */
    const expectTotal = async (total: number) => {
      await expect(headerBalance(page)).toHaveText(fmt(total));
      expect((await walletBalance(api, token)).sumBalance).toBe(total);
    };

    // ── Payment password, in the security centre ──────────────────────────────────────────────
    const security = await openMemberPage(page, 'securityCenter');
    await expectTotal(0);
    const card = security.getByRole('region', { name: en('wallet', 'payment_password'), exact: true });
    await expect(
      card.getByText(en('wallet', 'payment_password_status_unset'), { exact: true }),
    ).toBeVisible();
    await card.getByRole('button', { name: en('wallet', 'set_payment_password'), exact: true }).click();
    await field(card, en('wallet', 'login_password')).fill(loginPassword);
    await field(card, en('wallet', 'new_payment_password')).fill(paymentPassword);
    await field(card, en('wallet', 'confirm_payment_password')).fill(paymentPassword);
    await card.getByRole('button', { name: en('wallet', 'save'), exact: true }).click();
    await expect(toast(page, en('wallet', 'payment_password_saved'))).toBeVisible();
    await expect(card.getByText(en('wallet', 'payment_password_status_set'), { exact: true })).toBeVisible();

    // ── Deposit through the demo gateway ──────────────────────────────────────────────────────
    const channel = (await depositChannels(api, token)).find((c) => c.kind === 'DEMO_GATEWAY');
    expect(channel, 'the demo brand offers the demo gateway').toBeDefined();
    const depositPanel = await openMemberPage(page, 'depositv2');
    const depositForm = depositPanel.getByRole('form', {
      name: en('payments', 'deposit_title'),
      exact: true,
    });
    await depositForm.getByRole('radio', { name: channel!.name }).check();
    await field(depositForm, en('payments', 'amount')).fill('1250.25');
    await depositForm
      .getByRole('button', { name: en('payments', 'deposit_submit_gateway'), exact: true })
      .click();

    // The gateway's own page: plain server HTML in English, outside the web app's dictionaries.
    await page.waitForURL(/\/pay\/demo\/\d+\?/);
    const depositId = /\/pay\/demo\/(\d+)/.exec(page.url())![1]!;
    await expect(page.getByText(`D${depositId}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${start.currency} 1,250.25`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back on the deposit page, which waits for the gateway's notification.
    await page.waitForURL(
      (url) =>
        url.pathname === '/member' &&
        url.searchParams.get('page') === 'depositv2' &&
        url.searchParams.get('deposit') === depositId,
    );
    const depositStatus = depositPanel.getByRole('region', {
      name: en('payments', 'deposit_status_title', { reference: `D${depositId}` }),
      exact: true,
    });
    await expect(
      depositStatus.getByText(en('payments', 'deposit_outcome.paid', { amount: fmt(1250.25) }), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      depositStatus.getByText(en('payments', 'deposit_status.paid'), { exact: true }),
    ).toBeVisible();
    await expect(
      depositStatus.getByText(`${channel!.name} · ${fmt(1250.25)}`, { exact: true }),
    ).toBeVisible();
    await expectTotal(1250.25);
    const deposit = await memberDeposit(api, token, depositId);
    expect(deposit).toMatchObject({ status: 'paid', amount: 1250.25, channel: channel!.code });
    const depositHistory = depositPanel.getByRole('table', { name: en('payments', 'deposit_history') });
    await expect(depositHistory.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      /\S/,
      `D${depositId}`,
      channel!.name,
      fmt(1250.25),
      en('payments', 'deposit_status.paid'),
    ]);

    // ── My Wallet: main → PT, then everything in PT back ──────────────────────────────────────
    const walletPanel = await openMemberPage(page, 'transferFund');
    const cards = walletPanel.getByRole('list', { name: en('wallet', 'wallets'), exact: true });
    const walletCard = (wallet: string) =>
      cards.getByRole('listitem').filter({ has: page.getByText(walletName(wallet), { exact: true }) });
    /** Each wallet card, the total and the header against the balance API. */
    const expectWallets = async (main: number, vendor: number, total: number) => {
      await expect(walletCard(MAIN).getByText(fmt(main), { exact: true })).toBeVisible();
      await expect(walletCard(VENDOR).getByText(fmt(vendor), { exact: true })).toBeVisible();
      await expect(labelled(walletPanel, en('wallet', 'total_balance'))).toHaveText(
        texts(en('wallet', 'total_balance'), fmt(total)),
      );
      await expectTotal(total);
      const ledger = await walletBalance(api, token);
      expect([walletOf(ledger, MAIN), walletOf(ledger, VENDOR)]).toEqual([main, vendor]);
    };
    await expectWallets(1250.25, 0, 1250.25);

    const transfer = walletPanel.getByRole('form', { name: en('wallet', 'transfer_title'), exact: true });
    const fromSelect = transfer.getByRole('combobox', {
      name: new RegExp(`^${escapeRegExp(en('wallet', 'from_wallet'))}`),
    });
    const toSelect = transfer.getByRole('combobox', {
      name: new RegExp(`^${escapeRegExp(en('wallet', 'to_wallet'))}`),
    });
    await fromSelect.selectOption({ label: walletName(MAIN) });
    await toSelect.selectOption({ label: walletName(VENDOR) });
    await field(transfer, en('wallet', 'amount')).fill('50');
    await transfer.getByRole('button', { name: en('wallet', 'transfer_submit'), exact: true }).click();
    await expect(
      toast(
        page,
        en('wallet', 'transfer_success', { amount: fmt(50), from: walletName(MAIN), to: walletName(VENDOR) }),
      ),
    ).toBeVisible();
    await expectWallets(1200.25, 50, 1250.25);

    await cards
      .getByRole('button', {
        name: en('wallet', 'all_out_from', { wallet: walletName(VENDOR) }),
        exact: true,
      })
      .click();
    await expect(
      toast(
        page,
        en('wallet', 'transfer_success', { amount: fmt(50), from: walletName(VENDOR), to: walletName(MAIN) }),
      ),
    ).toBeVisible();
    await expectWallets(1250.25, 0, 1250.25);

    // ── Withdrawal ────────────────────────────────────────────────────────────────────────────
    const withdrawPanel = await openMemberPage(page, 'withdraw');
    const available = labelled(withdrawPanel, en('payments', 'summary_available'));
    await expect(available).toHaveText(texts(en('payments', 'summary_available'), fmt(1250.25)));
    const withdrawForm = withdrawPanel.getByRole('form', {
      name: en('payments', 'withdraw_title'),
      exact: true,
    });
    await field(withdrawForm, en('payments', 'amount')).fill('20');
    await field(withdrawForm, en('payments', 'bank_name')).fill(bank.name);
    await field(withdrawForm, en('payments', 'account_number')).fill(bank.number);
    await field(withdrawForm, en('payments', 'account_name')).fill(bank.holder);
    await field(withdrawForm, en('payments', 'payment_password')).fill(paymentPassword);
    await withdrawForm.getByRole('button', { name: en('payments', 'withdraw_next'), exact: true }).click();

    const confirmWithdrawal = page.getByRole('alertdialog', {
      name: en('payments', 'withdraw_confirm_title'),
      exact: true,
    });
    await expect(confirmWithdrawal).toBeVisible();
    await expect(labelled(confirmWithdrawal, en('payments', 'amount'))).toHaveText(
      texts(en('payments', 'amount'), fmt(20)),
    );
    await expect(labelled(confirmWithdrawal, en('payments', 'account_number'))).toHaveText(
      texts(en('payments', 'account_number'), bank.number),
    );
    await confirmWithdrawal
      .getByRole('button', { name: en('payments', 'withdraw_confirm_submit'), exact: true })
      .click();
    await expect(confirmWithdrawal).toBeHidden();

    // The pending request names its id ("Request #12 for $20.00 …"); the amount is held at once.
    const created = withdrawPanel.getByRole('region', {
      name: en('payments', 'withdraw_created_title'),
      exact: true,
    });
    await expect(created.getByText(en('payments', 'withdraw_status.pending'), { exact: true })).toBeVisible();
    const createdLead = new RegExp(
      `^${escapeRegExp(
        en('payments', 'withdraw_created_lead', { reference: '#WITHDRAWID', amount: fmt(20) }),
      ).replace('WITHDRAWID', '(\\d+)')}$`,
    );
    await expect(created.getByRole('status')).toHaveText(createdLead);
    const withdrawId = createdLead.exec((await created.getByRole('status').textContent()) ?? '')![1]!;
    await expectTotal(1230.25);
    await expect(available).toHaveText(texts(en('payments', 'summary_available'), fmt(1230.25)));
    const withdrawHistory = withdrawPanel.getByRole('table', { name: en('payments', 'withdraw_history') });
    /** The withdrawal's history row, cell by cell, ending with its status and receipt state. */
    const expectWithdrawRow = (status: string, confirmation: RegExp | string) =>
      expect(withdrawHistory.getByRole('row').nth(1).getByRole('cell')).toHaveText([
        /\S/,
        `#${withdrawId}`,
        fmt(20),
        texts(bank.name, bank.number),
        status,
        confirmation,
      ]);
    await expectWithdrawRow(en('payments', 'withdraw_status.pending'), '—');
    const pending = (await memberWithdrawals(api, token)).list;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      withdrawId,
      amount: 20,
      status: 'pending',
      confirmStatus: 'none',
      bankName: bank.name,
      accountNumber: bank.number,
      accountName: bank.holder,
    });

    // An operator pays it; the member confirms receipt.
    const approved = await approveWithdrawal(api, withdrawId);
    expect(approved).toMatchObject({ withdrawId, status: 'paid', amount: 20 });
    await page.reload();
    const receipt = withdrawPanel.getByRole('region', { name: en('payments', 'receipt_title'), exact: true });
    const receiptItem = receipt.getByRole('listitem').filter({ hasText: `#${withdrawId}` });
    await expect(receiptItem.getByText(fmt(20), { exact: true })).toBeVisible();
    await expect(receiptItem).toContainText(`#${withdrawId} · ${bank.name} · ${bank.number}`);
    await expectWithdrawRow(
      en('payments', 'withdraw_status.paid'),
      new RegExp(`^${escapeRegExp(en('payments', 'confirm_status.none'))}`),
    );
    await expectTotal(1230.25);

    await receiptItem.getByRole('button', { name: en('payments', 'receipt_open'), exact: true }).click();
    const receiptDialog = page.getByRole('dialog', {
      name: en('payments', 'receipt_dialog_title'),
      exact: true,
    });
    await expect(receiptDialog).toBeVisible();
    await receiptDialog
      .getByRole('radio', { name: en('payments', 'receipt_choice.received'), exact: true })
      .check();
    await receiptDialog.getByRole('button', { name: en('payments', 'receipt_submit'), exact: true }).click();
    const received = en('payments', 'confirm_status.received');
    await expect(
      receiptDialog
        .getByRole('status')
        .getByText(en('payments', 'receipt_done', { reference: `#${withdrawId}`, status: received }), {
          exact: true,
        }),
    ).toBeVisible();
    await receiptDialog.getByRole('button', { name: en('payments', 'done'), exact: true }).click();
    await expect(receiptDialog).toBeHidden();
    await expect(receipt.getByRole('status')).toHaveText(
      en('payments', 'receipt_recorded', { reference: `#${withdrawId}`, status: received }),
    );
    await expect(receipt.getByRole('button', { name: en('payments', 'receipt_open') })).toHaveCount(0);
    await expectWithdrawRow(en('payments', 'withdraw_status.paid'), received);
    expect((await memberWithdrawals(api, token)).list[0]).toMatchObject({
      withdrawId,
      status: 'paid',
      confirmStatus: 'received',
    });
    await expectTotal(1230.25);

    // ── Account record: the whole story, row by row against the ledger ────────────────────────
    const ledger = await memberTransactions(api, token);
    // Newest first; a transfer moves money out of one wallet and into the other (two rows).
    const story = ledger.list.map((r) => [r.kind, r.wallet, r.amount, r.balanceAfter]);
    expect(story).toEqual([
      ['WITHDRAW', MAIN, -20, 1230.25],
      ...sorted(story.slice(1, 3), [
        ['TRANSFER_IN', MAIN, 50, 1250.25],
        ['TRANSFER_IN', VENDOR, -50, 0],
      ]),
      ...sorted(story.slice(3, 5), [
        ['TRANSFER_OUT', MAIN, -50, 1200.25],
        ['TRANSFER_OUT', VENDOR, 50, 50],
      ]),
      ['DEPOSIT', MAIN, 1250.25, 1250.25],
    ]);
    expect(ledger.totalCount).toBe(6);

    const recordPanel = await openMemberPage(page, 'transactionHistory');
    const record = recordPanel.getByRole('table', { name: en('wallet', 'record_caption'), exact: true });
    const rows = record.getByRole('row');
    await expect(rows).toHaveCount(1 + ledger.list.length);
    for (const [i, entry] of ledger.list.entries()) {
      const row = rows.nth(i + 1);
      await expect(row.getByRole('cell')).toHaveText([
        /\S/,
        en('wallet', `kinds.${entry.kind}`),
        walletName(entry.wallet),
        fmt(entry.amount, true),
        fmt(entry.balanceAfter),
        entry.reference ?? '—',
      ]);
      await expect(row.locator('time')).toHaveAttribute('datetime', entry.time);
    }
    await expect(
      recordPanel.getByText(en('wallet', 'total_records', { total: 6 }), { exact: true }),
    ).toBeVisible();
    await expectTotal(1230.25);
  });
});

/**
 * `expected` in the order `actual` has them, when `actual` holds the same items: the two rows of
 * one transfer are written in one transaction, and which of them comes first is not the story.
 */
function sorted<T>(actual: T[], expected: T[]): T[] {
  const key = (item: T) => JSON.stringify(item);
  const order = actual.map(key);
  return [...expected].sort((a, b) => {
    const [x, y] = [order.indexOf(key(a)), order.indexOf(key(b))];
    return (x < 0 ? order.length : x) - (y < 0 ? order.length : y);
  });
}
