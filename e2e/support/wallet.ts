import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { merchantCode, opsApiKey } from './env';
import { en } from './locale';
import { field, header } from './ui';

/** GET /wps/v2/wallets/balance: the ledger's figures (major units). */
export interface WalletBalance {
  sumBalance: number;
  balance: { accountTypeId: number; wallet: string; availBalance: number }[];
  currency: string;
  currencySymbol: string;
  currencyScale: number;
}

/** One movement of GET /wps/relay/ODSFE2_MemTransDet (newest first). */
export interface LedgerRow {
  id: string;
  time: string;
  kind: string;
  wallet: string;
  amount: number;
  balanceAfter: number;
  reference: string | null;
}

export interface DepositChannel {
  code: string;
  kind: 'BANK_TRANSFER' | 'DEMO_GATEWAY';
  name: string;
  min: number;
  max: number;
}

export interface Withdrawal {
  withdrawId: string;
  amount: number;
  status: 'pending' | 'paid' | 'rejected';
  confirmStatus: 'none' | 'received' | 'partial' | 'not_received' | 'auto_received';
  remainingAmount: number | null;
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
}

interface Paged<T> {
  list: T[];
  pageNo: number;
  totalPages: number;
  totalCount: number;
}

/** The main wallet's code on the wire. */
export const MAIN = 'MAIN';

/** The session token the SPA keeps in sessionStorage (`token`), for API calls as that member. */
export async function memberToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token, 'a member token in sessionStorage').toBeTruthy();
  return token!;
}

/** A member GET with the SPA's `Authorization: <token>`; unwraps the `{ success, value }` envelope. */
async function memberGet<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  params?: Record<string, string | number>,
): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: token }, params });
  expect(res.status(), `GET ${url} failed: ${await res.text()}`).toBe(200);
  const json = (await res.json()) as { success: boolean; value: T };
  expect(json.success, `GET ${url} answered success: false`).toBe(true);
  return json.value;
}

export const walletBalance = (request: APIRequestContext, token: string) =>
  memberGet<WalletBalance>(request, token, '/wps/v2/wallets/balance');

/** The first page of the member's account record as the API has it. */
export const memberTransactions = (request: APIRequestContext, token: string, pageSize = 20) =>
  memberGet<Paged<LedgerRow>>(request, token, '/wps/relay/ODSFE2_MemTransDet', { pageNo: 1, pageSize });

export const memberWithdrawals = (request: APIRequestContext, token: string) =>
  memberGet<Paged<Withdrawal>>(request, token, '/wps/transaction/withdrawals', { pageNo: 1, pageSize: 20 });

export const depositChannels = async (request: APIRequestContext, token: string) =>
  (await memberGet<{ channels: DepositChannel[] }>(request, token, '/wps/relay/MCSFE_getDepositSettings'))
    .channels;

/** The balance of one wallet (`MAIN` or a vendor code) in a balance reply. */
export function walletOf(balance: WalletBalance, wallet: string): number {
  const found = balance.balance.find((w) => w.wallet === wallet);
  expect(found, `wallet ${wallet} in ${JSON.stringify(balance)}`).toBeDefined();
  return found!.availBalance;
}

/** The operator marks a pending withdrawal paid (POST …/withdrawals/:id/approve, break-glass key). */
export async function approveWithdrawal(request: APIRequestContext, withdrawId: string): Promise<Withdrawal> {
  const res = await request.post(`/ops/merchants/${merchantCode}/withdrawals/${withdrawId}/approve`, {
    headers: { 'X-Ops-Key': opsApiKey },
    data: {},
  });
  expect(res.status(), `approving withdrawal ${withdrawId} failed: ${await res.text()}`).toBe(200);
  const json = (await res.json()) as {
    success: boolean;
    value: { withdrawal: Withdrawal; replayed: boolean };
  };
  expect(json.success).toBe(true);
  expect(json.value.replayed).toBe(false);
  return json.value.withdrawal;
}

/**
 * A figure as the English interface shows it: the currency symbol after any sign, `scale`
 * decimals and thousands separators (`$1,234.50`, `-$20.00`, `+$150.25` when signed).
 */
export function money(
  value: number,
  { symbol, scale = 2, signed = false }: { symbol: string; scale?: number; signed?: boolean },
): string {
  const digits = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
    useGrouping: true,
  }).format(Math.abs(value));
  const sign = value < 0 ? '-' : signed && value > 0 ? '+' : '';
  return `${sign}${symbol}${digits}`;
}

/** The header's balance figure (a status whose text is the formatted total). */
export const headerBalance = (page: Page): Locator =>
  header(page)
    .getByRole('group', { name: en('common', 'balance'), exact: true })
    .getByRole('status');

/** A wallet as the interface names it: "Main wallet", or the vendor's code. */
export const walletName = (wallet: string) => (wallet === MAIN ? en('wallet', 'wallet_main') : wallet);

/** Opens a member-centre page by its id (`?page=`) and waits for its heading. */
export async function openMemberPage(page: Page, id: string, query = ''): Promise<Locator> {
  await page.goto(`/member?page=${id}${query}`);
  const panel = page.getByRole('region', { name: en('member', id), exact: true });
  await expect(panel.getByRole('heading', { level: 2, name: en('member', id), exact: true })).toBeVisible();
  return panel;
}

/** GET /wps/transaction/deposits/:id: one of the member's deposits. */
export const memberDeposit = (request: APIRequestContext, token: string, depositId: string) =>
  memberGet<{ depositId: string; channel: string; amount: number; status: string }>(
    request,
    token,
    `/wps/transaction/deposits/${depositId}`,
  );

/** GET /wps/game/launchGame: the game's URL for the member, real money (1) or free play (0). */
export async function launchGameUrl(
  request: APIRequestContext,
  token: string,
  gameCode: string,
  accountType: 0 | 1,
): Promise<string> {
  const res = await request.get('/wps/game/launchGame', {
    headers: { Authorization: token },
    params: { gameCode, accountType },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { value: { content: { game_url: string } } }).value.content.game_url;
}

/** Sets the member's payment password in the security centre (the member is logged in). */
export async function setPaymentPassword(
  page: Page,
  loginPassword: string,
  paymentPassword: string,
): Promise<void> {
  const security = await openMemberPage(page, 'securityCenter');
  const card = security.getByRole('region', { name: en('wallet', 'payment_password'), exact: true });
  await card.getByRole('button', { name: en('wallet', 'set_payment_password'), exact: true }).click();
  await field(card, en('wallet', 'login_password')).fill(loginPassword);
  await field(card, en('wallet', 'new_payment_password')).fill(paymentPassword);
  await field(card, en('wallet', 'confirm_payment_password')).fill(paymentPassword);
  await card.getByRole('button', { name: en('wallet', 'save'), exact: true }).click();
  await expect(card.getByText(en('wallet', 'payment_password_status_set'), { exact: true })).toBeVisible();
}

/** Credits a member's main wallet through the operator's adjustment (stake money for a test). */
export async function creditByOperator(
  request: APIRequestContext,
  account: string,
  amount: number,
  reason: string,
): Promise<void> {
  const res = await request.post(`/ops/merchants/${merchantCode}/adjustments`, {
    headers: { 'x-ops-key': opsApiKey },
    data: { account, amount, reason, requestId: `${reason.replace(/\W+/g, '-')}-${account}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Rolls the house dice `rolls` times through the real launch and wallet callbacks, the stake raised
 * `raises` steps up its 1-2-5 ladder from 1.00 first (4 → 20.00, 8 → 500.00, 9 → 1,000.00).
 */
export async function rollDice(page: Page, token: string, raises: number, rolls: number): Promise<void> {
  await page.goto(await launchGameUrl(page.request, token, 'AUR_AURORA_DICE', 1));
  const roll = page.getByTestId('roll');
  await expect(roll).toBeEnabled();
  for (let i = 0; i < raises; i++) await page.getByRole('button', { name: en('games', 'bet_up') }).click();
  for (let i = 0; i < rolls; i++) {
    await roll.click();
    await expect(roll).toBeEnabled({ timeout: 20_000 });
  }
}
