import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';

/** The seeded demo accounts (DEMO=1) and the demo agent's invitation code. */
export const demo = {
  agent: { username: 'demoagent', password: 'demo1234' },
  player: { username: 'demoplayer', password: 'demo1234' },
  invitationCode: 'DEMO2026',
  /** The demo operator (seed): admin of every brand, for the operator page at /ops. */
  operator: { username: 'demoops', password: 'demo-operator-123' },
} as const;

/**
 * Thailand, one of the demo brand's countries: national mobile numbers are nine digits starting
 * with 8 or 9, which libphonenumber accepts. `option` is how the dialing-code select shows it.
 */
export const thailand = { dialingCode: '66', option: '+66 Thailand' } as const;

let counter = 0;

/**
 * Seven digits that differ between runs and between calls within a run: time (ms, mod 10⁶) and a
 * per-process counter. Every run starts with a fresh database; within a run, accounts, numbers
 * and their per-account throttles (login failures, SMS per number) must never be shared.
 */
function uniqueDigits(): string {
  counter = (counter + 1) % 10;
  return `${String(Date.now() % 1e6).padStart(6, '0')}${counter}`;
}

/** A username for the demo rule (4–16, a letter first, then letters and digits). */
export function uniqueUsername(prefix: string): string {
  if (!/^[a-z][a-z0-9]{0,7}$/.test(prefix)) throw new Error(`uniqueUsername(): bad prefix "${prefix}"`);
  return `${prefix}${uniqueDigits()}`;
}

/** A fresh Thai national mobile number: 8 followed by 8 digits (e.g. 812345678). */
export function uniqueThaiMobile(): string {
  return `8${uniqueDigits()}${Math.floor(Math.random() * 10)}`;
}

/** Where the server sends SMS: `+<dialing code><national number without leading zeros>`. */
export function smsDestination(dialingCode: string, national: string): string {
  return `+${dialingCode}${national.replace(/^0+/, '')}`;
}

/** A password for the demo rule (8–20, letters and digits combined). */
export function password(tag: string): string {
  return `Pw${tag}${uniqueDigits()}`;
}

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  text: string;
  code: string | null;
  time: string;
}

/** GET /dev/outbox?to=: the messages stored for one destination (demo mode), newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get('/dev/outbox', { params: { to } });
  expect(res.status(), `GET /dev/outbox failed: ${await res.text()}`).toBe(200);
  const json = (await res.json()) as { success: boolean; value: OutboxMessage[] };
  expect(json.success).toBe(true);
  return json.value;
}

// The server allows one code request a second per client IP: every send of the suite goes
// through clickSendCode(), which keeps them 1.1 s apart (workers: 1, so one process sends).
let lastSend = 0;

/**
 * Presses a "Send code" button like a person would, then reads the code that SMS carried from
 * the development outbox (waiting for a message newer than any the number had before).
 */
export async function clickSendCode(page: Page, sendButton: Locator, destination: string): Promise<string> {
  const before = (await outbox(page.request, destination)).length;
  const wait = lastSend + 1100 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await sendButton.click();
  lastSend = Date.now();
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const messages = await outbox(page.request, destination);
        code = messages.length > before ? (messages[0]?.code ?? null) : null;
        return code;
      },
      { message: `an SMS code for ${destination} in /dev/outbox` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
