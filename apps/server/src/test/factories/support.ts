import { randomBytes } from 'node:crypto';
import { renderCaptchaPng } from '../../lib/captcha-image.js';
import { TEST_OPS_KEY, type TestApp } from '../build-test-app.js';

export const opsKey = { 'x-ops-key': TEST_OPS_KEY };
export const asOperator = (token: string) => ({ authorization: `Ops ${token}` });
export const asVisitor = (token: string) => ({ 'x-support-token': token });

let seq = 0;
export const clientId = () => `c${++seq}-${randomBytes(6).toString('hex')}`;

/** A real PNG (the captcha renderer's), as base64. */
export const pngBase64 = () => renderCaptchaPng('AB23').toString('base64');

/** The smallest byte run the server takes for a JPEG: SOI, a JFIF segment, a frame header (SOF0). */
export function jpegBytes(width = 64, height = 48): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

/** Opens a visitor conversation; returns its token and id. */
export async function startVisitor(
  t: TestApp,
  options: { name?: string; contact?: string; remoteAddress?: string; merchant?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/support/conversation',
    payload: { name: options.name ?? 'Vera Visitor', contact: options.contact ?? 'vera@example.com' },
    remoteAddress: options.remoteAddress ?? `10.20.${++seq % 250}.${(seq * 7) % 250}`,
    headers: options.merchant ? { merchant: options.merchant } : {},
  });
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
  const value = res.json().value as { token: string; conversation: { id: string } };
  return { token: value.token, id: value.conversation.id };
}

export function sendAsVisitor(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  remoteAddress = `10.30.${++seq % 250}.1`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/support/conversation/messages',
    payload: { clientId: clientId(), ...body },
    headers: asVisitor(token),
    remoteAddress,
  });
}

/** Creates an operator with the deployment key and logs it in. */
export async function newOperator(t: TestApp, role: 'admin' | 'finance' | 'support', merchantCode?: string) {
  const username = `sup${++seq}x${randomBytes(3).toString('hex')}`;
  const password = 'correct horse battery';
  const created = await t.app.inject({
    method: 'POST',
    url: '/ops/operators',
    payload: { username, password, role, merchantCode },
    headers: opsKey,
  });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: { username, password },
    remoteAddress: `10.40.${seq % 250}.1`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { username, token: res.json().value.token as string };
}
